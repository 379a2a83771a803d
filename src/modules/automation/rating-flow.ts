import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newProtocol } from '../messages/inbound.repository.js';
import type { StoredCustomerMessage } from '../messages/inbound-pipeline.js';
import { AutomaticTransitions } from '../tickets/automatic-transitions.js';
import { RATING_REMINDER } from '../tickets/ticket-notices.js';
import { TicketCycles } from '../tickets/ticket-cycles.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { BotTimers } from './timers/bot-timers.js';

/**
 * The customer's answer to the closing rating question (server-behaviour §4): 1–3 saves the rating and closes with
 * the completion message; anything else gets one reminder; after that the rating is dropped and the message starts
 * a new conversation, which this returns so the bot can take it from there.
 */
@Injectable()
export class RatingFlow {
  constructor(
    private readonly em: EntityManager,
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
    const connection = this.em.getConnection();

    if (/^[1-3]$/.test(body)) {
      await connection.execute(
        `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at) values (?, ?, ?, ?, now(), now())`,
        [companyId, ticket.id, ticket.user_id, Number(body)],
      );
      await connection.execute(`update ticket_cycles set rating_at = now(), updated_at = now() where company_id = ? and ticket_id = ? and finished_at is null`, [
        companyId,
        ticket.id,
      ]);
      const [whatsapp] = await connection.execute<Array<{ complation_message: string | null }>>(
        'select complation_message from whatsapps where company_id = ? and id = ?',
        [companyId, event.connection.id],
      );
      await this.transitions.close(companyId, ticket, whatsapp?.complation_message);
      await this.timers.cancel('rating', ticket.id);
      return null;
    }
    if (!reminded) {
      await connection.execute('update tickets set rating_reminded = true where company_id = ? and id = ?', [companyId, ticket.id]);
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
    const [created] = await this.em.getConnection().execute<Array<{ id: number }>>(
      `insert into tickets (company_id, uuid, status, contact_id, whatsapp_id, is_group, protocol, last_message, unread_messages, created_at, updated_at)
       select t.company_id, gen_random_uuid(), 'pending', t.contact_id, t.whatsapp_id, false, ?, ?, 1, now(), now()
         from tickets t where t.company_id = ? and t.id = ?
       on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing
       returning id`,
      [newProtocol(), event.message.body, companyId, closedTicketId],
    );
    if (!created) return null;
    await this.em.getConnection().execute('update messages set ticket_id = ? where company_id = ? and whatsapp_id = ? and provider_id = ?', [
      created.id,
      companyId,
      event.connection.id,
      event.message.providerId,
    ]);
    await this.cycles.opened(companyId, created.id, null, null, false);
    await this.transitions.announce(companyId, created.id);
    return this.tickets.row(companyId, { id: created.id });
  }
}
