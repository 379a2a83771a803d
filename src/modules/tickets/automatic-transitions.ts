import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { renderTemplate } from '../../shared/template-variables.js';
import { OutboundMessages, type SendExtras } from '../messages/outbound-messages.js';
import { TicketCycles } from './ticket-cycles.js';
import { toTicketResponseFromRow } from './ticket-row.mapper.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';

/** What an automatic step needs to know about a ticket and to talk to its customer. */
export interface TicketState {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  is_group: boolean;
  protocol: string;
  created_at: Date;
  rating_requested_at: Date | null;
  contact_name: string;
  contact_number: string;
  timezone: string;
}

/** Fields an automatic close resets: no bot, integration or pending rating survives a closed ticket. */
const CLOSED_RESET = `status = 'closed', chatbot = false, use_integration = false, integration_id = null, prompt_id = null,
  rating_requested_at = null, rating_reminded = false, typebot_session_id = null, typebot_session_at = null, queue_option_id = null`;

/**
 * Ticket transitions made by the system rather than a person (timers, the rating answer, bots handing over).
 * Plain SQL on explicit company ids: these run outside any request, in the inbound lane or a timer job.
 */
@Injectable()
export class AutomaticTransitions {
  private readonly logger = new Logger('AutomaticTransitions');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: TicketsRepository,
    private readonly cycles: TicketCycles,
    private readonly events: TicketsEvents,
    private readonly outbound: OutboundMessages,
  ) {}

  async state(companyId: number, ticketId: number): Promise<TicketState | null> {
    const rows = await this.em.getConnection().execute<TicketState[]>(
      `select t.id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.is_group, t.protocol, t.created_at, t.rating_requested_at,
              c.name as contact_name, c.number as contact_number, co.timezone
         from tickets t join contacts c on c.id = t.contact_id join companies co on co.id = t.company_id
        where t.company_id = ? and t.id = ?`,
      [companyId, ticketId],
    );
    return rows[0] ?? null;
  }

  /** Sends a template text to the ticket's customer; a failure is logged, never thrown (courtesy messages). */
  async say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    if (!text?.trim() && !extras.file) return false;
    const rendered = text ? renderTemplate(text, { name: ticket.contact_name, protocol: ticket.protocol, timeZone: ticket.timezone }) : '';
    try {
      await this.outbound.sendToTicket(companyId, { whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact_number, isGroup: ticket.is_group }, rendered, extras);
      return true;
    } catch (error) {
      this.logger.warn(`ticket ${ticket.id}: automatic message not sent: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Closes the ticket (optionally after a last text). False when it was already closed. */
  async close(companyId: number, ticket: TicketState, text?: string | null): Promise<boolean> {
    if (ticket.status === 'closed') return false;
    if (text) await this.say(companyId, ticket, text);
    const changed = await this.em
      .getConnection()
      .execute<Array<{ id: number }>>(`update tickets set ${CLOSED_RESET}, updated_at = now() where company_id = ? and id = ? and status <> 'closed' returning id`, [companyId, ticket.id]);
    if (!changed.length) return false;
    await this.cycles.finished(companyId, ticket.id);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
    return true;
  }

  /** Hands the ticket to a queue (and optionally a person): bots stop, it waits for (or goes to) a human. */
  async handOver(companyId: number, ticket: TicketState, target: { queueId: number | null; userId?: number | null }): Promise<void> {
    const userId = target.userId ?? null;
    await this.em.getConnection().execute(
      `update tickets set queue_id = coalesce(?, queue_id), user_id = coalesce(?, user_id), status = case when ? is null then status else 'open' end,
              chatbot = false, use_integration = false, integration_id = null, prompt_id = null, queue_option_id = null,
              typebot_session_id = null, typebot_session_at = null, updated_at = now()
        where company_id = ? and id = ? and status <> 'closed'`,
      [target.queueId, userId, userId, companyId, ticket.id],
    );
    if (userId && ticket.status === 'pending') await this.cycles.started(companyId, ticket.id, userId, target.queueId);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
  }

  /** Tells every list where the ticket now stands. */
  async announce(companyId: number, ticketId: number, before?: { status: string; queueId: number | null }): Promise<void> {
    const row = await this.repository.row(companyId, { id: ticketId });
    if (row) this.events.updated(companyId, toTicketResponseFromRow(row), before);
  }
}
