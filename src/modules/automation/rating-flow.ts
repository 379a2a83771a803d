import { Injectable } from '@nestjs/common';
import { newProtocol } from '../messages/inbound.repository.js';
import type { StoredCustomerMessage } from '../messages/inbound-pipeline.js';
import { AutomaticTransitions } from '../tickets/automatic-transitions.js';
import { RATING_REMINDER } from '../tickets/ticket-notices.js';
import { TicketCycles } from '../tickets/ticket-cycles.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { BotRepository } from './bot.repository.js';
import { BotTimers } from './timers/bot-timers.js';

/**
 * The customer's answer to the closing rating question (server-behaviour §4): 1–3 saves the rating and closes with
 * the completion message; anything else gets one reminder; after that the rating is dropped and the message starts
 * a new conversation, which this returns so the bot can take it from there.
 */
@Injectable()
export class RatingFlow {
  constructor(
    private readonly repository: BotRepository,
    private readonly transitions: AutomaticTransitions,
    private readonly cycles: TicketCycles,
    private readonly tickets: TicketsRepository,
    private readonly timers: BotTimers,
  ) {}

  async answer(event: StoredCustomerMessage, reminded: boolean): Promise<TicketRow | null> {
    const companyId = event.connection.companyId;
    const ticket = await this.transitions.state(companyId, event.ticket.id);
    if (!ticket?.rating_requested_at) return null;
    const body = event.message.body.trim();

    if (/^[1-3]$/.test(body)) {
      await this.repository.rate(companyId, ticket.id, ticket.user_id, Number(body));
      await this.transitions.close(companyId, ticket, await this.repository.completionMessage(companyId, event.connection.id));
      await this.timers.cancel('rating', ticket.id);
      return null;
    }
    if (!reminded) {
      await this.repository.markRatingReminded(companyId, ticket.id);
      await this.transitions.say(companyId, ticket, RATING_REMINDER);
      return null;
    }
    // Second non-answer: the customer has moved on. Close quietly and let this message open a new conversation.
    await this.transitions.close(companyId, ticket);
    await this.timers.cancel('rating', ticket.id);
    return this.restartWith(event, ticket.id);
  }

  /** Moves the message to a new pending ticket of the same contact and connection. */
  private async restartWith(event: StoredCustomerMessage, closedTicketId: number): Promise<TicketRow | null> {
    const companyId = event.connection.companyId;
    const created = await this.repository.reopenFrom(companyId, closedTicketId, newProtocol(), event.message.body);
    if (created === null) return null;
    await this.repository.moveMessage(companyId, event.connection.id, event.message.providerId, created);
    await this.cycles.opened(companyId, created, null, null, false);
    await this.transitions.announce(companyId, created);
    return this.tickets.row(companyId, { id: created });
  }
}
