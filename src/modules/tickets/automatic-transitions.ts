import { Injectable, Logger } from '@nestjs/common';
import { renderTemplate } from '../../shared/template-variables.js';
import { OutboundMessages, type SendExtras } from '../messages/outbound-messages.js';
import { AutomaticTransitionsRepository, type TicketState } from './automatic-transitions.repository.js';
import { TicketCycles } from './ticket-cycles.js';
import { toTicketResponseFromRow } from './ticket-row.mapper.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';

export type { TicketState };

/**
 * Ticket transitions made by the system rather than a person (timers, the rating answer, bots handing over).
 * Statements on explicit company ids: these run outside any request, in the inbound lane or a timer job.
 */
@Injectable()
export class AutomaticTransitions {
  private readonly logger = new Logger('AutomaticTransitions');

  constructor(
    private readonly statements: AutomaticTransitionsRepository,
    private readonly repository: TicketsRepository,
    private readonly cycles: TicketCycles,
    private readonly events: TicketsEvents,
    private readonly outbound: OutboundMessages,
  ) {}

  state(companyId: number, ticketId: number): Promise<TicketState | null> {
    return this.statements.state(companyId, ticketId);
  }

  /** Sends a template text to the ticket's customer; a failure is logged, never thrown (courtesy messages). */
  async say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    if (!text?.trim() && !extras.file) return false;
    const rendered = text ? renderTemplate(text, { name: ticket.contact_name, protocol: ticket.protocol, timeZone: ticket.timezone }) : '';
    try {
      await this.outbound.sendToTicket(
        companyId,
        { whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact_number, isGroup: ticket.is_group },
        rendered,
        extras,
      );
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
    if (!(await this.statements.close(companyId, ticket.id))) return false;
    await this.cycles.finished(companyId, ticket.id);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
    return true;
  }

  /** Hands the ticket to a queue (and optionally a person): bots stop, it waits for (or goes to) a human. */
  async handOver(companyId: number, ticket: TicketState, target: { queueId: number | null; userId?: number | null }): Promise<void> {
    const userId = target.userId ?? null;
    await this.statements.handOver(companyId, ticket.id, target.queueId, userId);
    if (userId && ticket.status === 'pending') await this.cycles.started(companyId, ticket.id, userId, target.queueId);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
  }

  /** Tells every list where the ticket now stands. */
  async announce(companyId: number, ticketId: number, before?: { status: string; queueId: number | null }): Promise<void> {
    const row = await this.repository.row(companyId, { id: ticketId });
    if (row) this.events.updated(companyId, toTicketResponseFromRow(row), before);
  }
}
