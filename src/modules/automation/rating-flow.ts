import { Injectable } from '@nestjs/common';
import type { MessageStoredEvent } from '../../shared/domain-events.js';
import { TicketLifecycle } from '../tickets/ticket-lifecycle.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';

/**
 * The customer's answer to the closing rating question (server-behaviour §4): 1–3 saves the rating and closes with
 * the completion message; anything else gets one reminder; after that the rating is dropped and the message starts
 * a new conversation, which this returns so the bot can take it from there.
 */
@Injectable()
export class RatingFlow {
  constructor(private readonly lifecycle: TicketLifecycle) {}

  async answer(event: MessageStoredEvent, reminded: boolean): Promise<TicketRow | null> {
    const { companyId } = event;
    const ticket = await this.lifecycle.state(companyId, event.ticket.id);
    if (!ticket?.rating_requested_at) return null;
    const body = event.message.body.trim();

    if (/^[1-3]$/.test(body)) {
      await this.lifecycle.answerRating(companyId, ticket, Number(body));
      return null;
    }
    if (!reminded) {
      await this.lifecycle.remindRating(companyId, ticket);
      return null;
    }
    // Second non-answer: the customer has moved on. Close quietly and let this message open a new conversation.
    return this.lifecycle.dropRating(companyId, ticket, { whatsappId: event.connectionId, providerId: event.message.providerId, body: event.message.body });
  }
}
