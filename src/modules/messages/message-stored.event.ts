import type { MessageOrigin, MessageStoredEvent } from '../../shared/domain-events.js';
import type { InboundResult, InboundWrite } from './inbound.repository.js';

/** The `message.stored` event of a message the inbound statement just wrote. */
export function messageStoredEvent(write: InboundWrite, result: InboundResult, origin: MessageOrigin): MessageStoredEvent {
  const { message, ticket } = result;
  return {
    companyId: write.companyId,
    connectionId: write.whatsappId,
    origin,
    isGroup: write.isGroup,
    ticket: { id: ticket.id, status: ticket.status, userId: ticket.user_id, ratingPending: ticket.rating_pending === true },
    ticketCreated: result.ticketCreated,
    message: {
      id: message.id,
      providerId: write.providerId,
      body: message.body,
      remoteJid: write.remoteJid,
      mediaType: message.media_type,
      mediaPath: message.media_path,
      createdAt: new Date(message.created_at).toISOString(),
    },
  };
}
