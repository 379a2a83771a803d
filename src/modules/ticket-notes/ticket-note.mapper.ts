import type { TicketNote } from './ticket-note.entity.js';

export interface TicketNoteResponse {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}

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
