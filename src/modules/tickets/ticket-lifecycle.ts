import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { BotTimers } from '../automation/timers/bot-timers.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import type { Contact } from '../contacts/contact.entity.js';
import type { SendExtras } from '../messages/outbound-messages.js';
import { Queue } from '../queues/queue.entity.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { User } from '../users/user.entity.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { type Before, TicketCourtesy } from './ticket-courtesy.js';
import { TicketCycles } from './ticket-cycles.js';
import { type TicketBotChange, TicketLifecycleRepository, type TicketState } from './ticket-lifecycle.repository.js';
import { newProtocol } from './ticket-protocol.js';
import { type TicketWithTags, TicketResponses } from './ticket-responses.js';
import { type TicketRow, toTicketResponseFromRow } from './ticket-row.mapper.js';
import { Ticket } from './ticket.entity.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';

export type { TicketBotChange, TicketState };

/** A new ticket opened by an agent (the route has checked the contact, connection, queue and user). */
export interface AgentOpening {
  contact: Contact;
  whatsapp: Whatsapp;
  queueId: number | null;
  userId: number;
  status: 'open' | 'pending' | 'closed';
}

/**
 * Every state change of a ticket, each in one place that writes the row, the attendance cycle (`ticket_cycles`), the
 * protocol, the bot state and the live events:
 * - open from inbound: inside the inbound pipeline's one statement (`INBOUND_OPEN_TICKET`/`INBOUND_OPEN_CYCLE`, with
 *   `newProtocol`); the pipeline emits its message and ticket events;
 * - open by an agent (`openByAgent`);
 * - the agent route (`changeByAgent`): accept, return to pending, transfer, finish (human close, or the rating request
 *   when ratings are on) and reopen;
 * - automatic close (`closeAutomatically`: expiry timer, rating answered or expired);
 * - rating request, rating answer, reminder and drop (`answerRating`, `remindRating`, `dropRating`);
 * - bot hand-over (`handOver`: integrations, prompts, the transfer timer), the bot's own steps (`botStep`,
 *   `enterQueueByBot`);
 * - a human writing (`humanWrote`: bots step back) and an agent reading (`read`: unread back to zero).
 * `newProtocol` (ticket-protocol.ts) is the only protocol generator.
 */
@Injectable()
export class TicketLifecycle {
  constructor(
    private readonly em: EntityManager,
    private readonly statements: TicketLifecycleRepository,
    private readonly tickets: TicketsRepository,
    private readonly responses: TicketResponses,
    private readonly cycles: TicketCycles,
    private readonly events: TicketsEvents,
    private readonly courtesy: TicketCourtesy,
    private readonly settings: CompanySettingsCache,
    private readonly timers: BotTimers,
  ) {}

  state(companyId: number, ticketId: number): Promise<TicketState | null> {
    return this.statements.state(companyId, ticketId);
  }

  /** Sends a template text to the ticket's customer; a failure is logged, never thrown (courtesy messages). */
  say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    return this.courtesy.say(companyId, ticket, text, extras);
  }

  /** Open by an agent: a new ticket with its protocol and its cycle (started when it opens with the agent). */
  async openByAgent(ctx: AuthContext, opening: AgentOpening): Promise<TicketWithTags> {
    const { contact, whatsapp, status } = opening;
    await this.assertNoOtherOpen(contact.id, whatsapp.id);
    const ticket = this.em.create(Ticket, {
      company: this.em.getReference(Company, ctx.companyId),
      contact,
      whatsapp,
      queue: opening.queueId ? this.em.getReference(Queue, opening.queueId) : null,
      user: status === 'open' ? this.em.getReference(User, opening.userId) : null,
      status,
      isGroup: contact.isGroup,
      protocol: newProtocol(),
    });
    try {
      await this.em.flush();
    } catch (error) {
      // Another request opened one a moment ago: answer as if we had seen it.
      if (String(error).includes('tickets_open_contact_whatsapp_unique')) await this.assertNoOtherOpen(contact.id, whatsapp.id);
      throw error;
    }
    await this.cycles.opened(ctx.companyId, ticket.id, ticket.user?.id ?? null, opening.queueId, status === 'open');
    const response = await this.responses.one(ctx.companyId, ticket.id);
    this.events.updated(ctx.companyId, response);
    return response;
  }

  /**
   * The agent route (`PUT /tickets/:id`): accept (pending → open with the agent), return to pending, transfer (queue
   * and/or agent), finish (→ closed, or the rating request when ratings apply) and reopen (closed → open/pending),
   * alone or combined in one change. The caller has checked that the agent may open the ticket.
   */
  async changeByAgent(ctx: AuthContext, ticket: Ticket, dto: UpdateTicketDto): Promise<TicketWithTags> {
    const before: Before = { status: ticket.status, queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null };
    const queue = dto.queueId ? await this.em.findOne(Queue, dto.queueId) : null;
    if (dto.queueId && !queue) throw notFound('ERR_NO_QUEUE_FOUND');
    const user = dto.userId ? await this.em.findOne(User, dto.userId) : null;
    if (dto.userId && !user) throw notFound('ERR_NO_USER_FOUND');
    if (dto.whatsappId && dto.whatsappId !== ticket.whatsapp?.id) {
      const whatsapp = await this.em.findOne(Whatsapp, dto.whatsappId);
      if (!whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
      if (ticket.status !== 'closed') await this.assertNoOtherOpen(ticket.contact.id, whatsapp.id, ticket.id);
      ticket.whatsapp = this.em.getReference(Whatsapp, whatsapp.id) as never;
    }
    const reopening = before.status === 'closed' && dto.status && dto.status !== 'closed';
    if (reopening && ticket.whatsapp) await this.assertNoOtherOpen(ticket.contact.id, ticket.whatsapp.id, ticket.id);

    // Finishing with ratings on asks the customer first; the ticket stays open until the answer (or 24 hours).
    const askRating = dto.status === 'closed' && before.status !== 'closed' && (await this.ratingApplies(ctx.companyId, ticket));
    if (dto.queueId !== undefined) ticket.queue = queue ? (this.em.getReference(Queue, queue.id) as never) : null;
    if (dto.userId !== undefined) ticket.user = user ? (this.em.getReference(User, user.id) as never) : null;
    if (dto.status && !askRating) ticket.status = dto.status;
    if (askRating) {
      ticket.ratingRequestedAt = new Date();
      ticket.ratingReminded = false;
      ticket.chatbot = false;
    }
    // Return to pending: a transfer to a queue without a person, or the agent handing the ticket back.
    if (dto.queueId && dto.userId === null && dto.status === undefined) ticket.status = 'pending';
    if (ticket.status === 'pending' && dto.userId === undefined && dto.status === 'pending') ticket.user = null;
    if (ticket.status !== 'closed') {
      if (dto.useIntegration !== undefined) ticket.useIntegration = dto.useIntegration;
      if (dto.promptId !== undefined) ticket.promptId = dto.promptId;
      if (dto.integrationId !== undefined) ticket.integrationId = dto.integrationId;
    }
    if (ticket.status === 'open' || dto.userId) ticket.chatbot = false; // any human action turns the bots off
    const finishing = ticket.status === 'closed' && before.status !== 'closed';
    if (finishing) await this.courtesy.completion(ctx.companyId, ticket);
    if (ticket.status === 'closed') this.finished(ticket);
    await this.em.flush();
    if (askRating) await this.requestRating(ctx.companyId, ticket);

    await this.agentCycle(ctx.companyId, ticket, before);
    await this.courtesy.agentNotices(ctx.companyId, ticket, before);
    const response = await this.responses.one(ctx.companyId, ticket.id);
    this.events.updated(ctx.companyId, response, before);
    return response;
  }

  /** Automatic close (timers, the rating flow), optionally after a last text. False when it was already closed. */
  async closeAutomatically(companyId: number, ticket: TicketState, text?: string | null): Promise<boolean> {
    if (ticket.status === 'closed') return false;
    if (text) await this.say(companyId, ticket, text);
    if (!(await this.statements.close(companyId, ticket.id))) return false;
    await this.cycles.finished(companyId, ticket.id);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
    return true;
  }

  /** Bot hand-over: to a queue (and optionally a person, who opens it); bots stop and it waits for (or goes to) a human. */
  async handOver(companyId: number, ticket: TicketState, target: { queueId: number | null; userId?: number | null }): Promise<void> {
    const userId = target.userId ?? null;
    await this.statements.handOver(companyId, ticket.id, target.queueId, userId);
    if (userId && ticket.status === 'pending') await this.cycles.started(companyId, ticket.id, userId, target.queueId);
    await this.announce(companyId, ticket.id, { status: ticket.status, queueId: ticket.queue_id });
  }

  /** The bot's own state (queue chosen, option position, menus, integration, Typebot session) on a ticket it talks on. */
  botStep(companyId: number, ticketId: number, change: TicketBotChange): Promise<void> {
    return this.statements.botStep(companyId, ticketId, change);
  }

  /** The bot put the ticket in a queue (menu choice or the connection's only queue): lists move it. */
  async enterQueueByBot(
    companyId: number,
    ticketId: number,
    queueId: number,
    chatbot: boolean,
    before: { status: string; queueId: number | null },
  ): Promise<void> {
    await this.statements.botStep(companyId, ticketId, { queueId, optionId: null, chatbot });
    await this.announce(companyId, ticketId, before);
  }

  /** An agent read the ticket: unread goes to zero and the lists hear `updateUnread`. */
  async read(companyId: number, ticketId: number, state: { status: string; queueId: number | null }): Promise<void> {
    if (await this.statements.resetUnread(companyId, ticketId)) this.events.unreadReset(companyId, ticketId, state);
  }

  /** A human wrote on the ticket: every bot steps back. */
  humanWrote(companyId: number, ticketId: number): Promise<void> {
    return this.statements.botsOff(companyId, ticketId);
  }

  /** Rating answer 1–3: saves it with the cycle's rating time, sends the completion message and closes. */
  async answerRating(companyId: number, ticket: TicketState, rate: number, whatsappId: number): Promise<void> {
    await this.statements.rate(companyId, ticket.id, ticket.user_id, rate);
    await this.closeAutomatically(companyId, ticket, await this.statements.completionMessage(companyId, whatsappId));
    await this.timers.cancel('rating', ticket.id);
  }

  /** The one reminder after an answer that is not 1, 2 or 3. */
  async remindRating(companyId: number, ticket: TicketState, reminder: string): Promise<void> {
    await this.statements.markRatingReminded(companyId, ticket.id);
    await this.say(companyId, ticket, reminder);
  }

  /** Rating wait expired: close without a rating. */
  async ratingExpired(companyId: number, ticket: TicketState): Promise<void> {
    if (ticket.rating_requested_at) await this.closeAutomatically(companyId, ticket);
  }

  /**
   * Second non-answer: the rating is dropped and the ticket closes quietly; the customer's message opens a new
   * pending ticket (reopen on inbound), which this returns, or null when another one is open already.
   */
  async dropRating(companyId: number, ticket: TicketState, message: { whatsappId: number; providerId: string; body: string }): Promise<TicketRow | null> {
    await this.closeAutomatically(companyId, ticket);
    await this.timers.cancel('rating', ticket.id);
    const created = await this.statements.openAfter(companyId, ticket.id, newProtocol(), message.body);
    if (created === null) return null;
    await this.statements.moveMessage(companyId, message.whatsappId, message.providerId, created);
    await this.cycles.opened(companyId, created, null, null, false);
    await this.announce(companyId, created);
    return this.tickets.row(companyId, { id: created });
  }

  /** Tells every list where the ticket now stands. */
  async announce(companyId: number, ticketId: number, before?: { status: string; queueId: number | null }): Promise<void> {
    const row = await this.tickets.row(companyId, { id: ticketId });
    if (row) this.events.updated(companyId, toTicketResponseFromRow(row), before);
  }

  /** Finish (human close): like the automatic close, no bot, integration, option position, session or rating survives. */
  private finished(ticket: Ticket): void {
    ticket.chatbot = false;
    ticket.useIntegration = false;
    ticket.promptId = null;
    ticket.integrationId = null;
    ticket.queueOption = null;
    ticket.typebotSessionId = null;
    ticket.typebotSessionAt = null;
    ticket.ratingRequestedAt = null;
    ticket.ratingReminded = false;
  }

  /** Rating request: the connection's rating message and the 1–3 menu, and the 24-hour wait. */
  private async requestRating(companyId: number, ticket: Ticket): Promise<void> {
    await this.courtesy.ratingQuestion(companyId, ticket);
    await this.timers.ratingRequested(companyId, ticket.id);
  }

  /** The attendance cycle of an agent's change: reopen starts a new one, accept starts it, finish ends it. */
  private async agentCycle(companyId: number, ticket: Ticket, before: Before): Promise<void> {
    const queueId = ticket.queue?.id ?? null;
    if (before.status === 'closed' && ticket.status !== 'closed')
      await this.cycles.opened(companyId, ticket.id, ticket.user?.id ?? null, queueId, ticket.status === 'open');
    else if (ticket.status === 'open' && before.status === 'pending') await this.cycles.started(companyId, ticket.id, ticket.user?.id ?? null, queueId);
    else if (ticket.status === 'closed' && before.status !== 'closed') await this.cycles.finished(companyId, ticket.id);
  }

  /** userRating on, a person attended, not a group, and not asked already. */
  private async ratingApplies(companyId: number, ticket: Ticket): Promise<boolean> {
    if (ticket.isGroup || !ticket.user || ticket.ratingRequestedAt || !ticket.whatsapp) return false;
    return (await this.settings.get(companyId, 'userRating')) === 'enabled';
  }

  /** `ERR_OTHER_OPEN_TICKET` when the contact already has another ticket not closed on the connection. */
  async assertNoOtherOpen(contactId: number, whatsappId: number, exceptId?: number): Promise<void> {
    const other = await this.em.findOne(
      Ticket,
      { contact: contactId, whatsapp: whatsappId, status: { $ne: 'closed' }, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
      { populate: ['user', 'queue'] },
    );
    if (!other) return;
    const user = other.user?.isInitialized() ? other.user.getEntity() : null;
    const queue = other.queue?.isInitialized() ? other.queue.getEntity() : null;
    throw appError('ERR_OTHER_OPEN_TICKET', 'There is already an open ticket for this contact', {
      ticket: {
        id: other.id,
        uuid: other.uuid,
        status: other.status,
        userId: user?.id ?? null,
        user: user ? { name: user.name } : null,
        queue: queue ? { name: queue.name } : null,
      },
    });
  }
}
