import type { Ticket } from '../types';

/** Who a notice about a ticket's new message names: the contact's name, else its number. */
export const senderOf = (ticket: Pick<Ticket, 'contact'>): string => ticket.contact?.name || ticket.contact?.number || '';
