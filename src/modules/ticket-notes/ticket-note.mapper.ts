import type { TicketNote } from './ticket-note.entity.js';
import type { TicketNoteResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { TicketNoteResponse };

/** Expects `user` loaded when present. */
export function toTicketNoteResponse(note: TicketNote): TicketNoteResponse {
  const user = note.user?.isInitialized() ? note.user.getEntity() : null;
  return {
    id: note.id,
    note: note.note,
    ticketId: note.ticket.id,
    contactId: note.contact.id,
    user: user ? { id: user.id, name: user.name } : null,
    createdAt: note.createdAt.toISOString(),
  };
}
