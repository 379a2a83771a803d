import type { TicketResponse } from '../../shared/api-types.js';
import type { Ticket } from './ticket.entity.js';

/** Expects contact, queue, user and whatsapp populated. */
export function toTicketResponse(ticket: Ticket): TicketResponse {
  const contact = ticket.contact.isInitialized() ? ticket.contact.getEntity() : null;
  const queue = ticket.queue?.isInitialized() ? ticket.queue.getEntity() : null;
  const user = ticket.user?.isInitialized() ? ticket.user.getEntity() : null;
  const whatsapp = ticket.whatsapp?.isInitialized() ? ticket.whatsapp.getEntity() : null;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    contactId: ticket.contact.id,
    userId: ticket.user?.id ?? null,
    queueId: ticket.queue?.id ?? null,
    whatsappId: ticket.whatsapp?.id ?? null,
    lastMessage: ticket.lastMessage,
    lastMessageAt: ticket.lastMessageAt.toISOString(),
    lastMessagePreview: ticket.lastMessagePreview,
    unreadMessages: ticket.unreadMessages,
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    useIntegration: ticket.useIntegration,
    integrationId: ticket.integrationId,
    promptId: ticket.promptId,
    protocol: ticket.protocol,
    ratingPending: ticket.ratingRequestedAt !== null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    contact: contact ? { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl, isGroup: contact.isGroup } : null,
    queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
    user: user ? { id: user.id, name: user.name } : null,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
  };
}

export type { TicketResponse };
