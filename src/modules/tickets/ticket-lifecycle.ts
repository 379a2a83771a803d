import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { DomainEvents } from '../../infra/events/domain-events.js';
import type { TicketPosition, TicketTransition } from '../../shared/domain-events.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import type { Contact } from '../contacts/contact.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { User } from '../users/user.entity.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketCyclesRepository } from './ticket-cycles.repository.js';
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
 * protocol, the bot state and the live events, and then publishes the named transition (`ticket.transitioned`, and
 * `ticket.completing` before a completed attendance closes): the automatic texts (messages module) and the timers
 * (automation) follow those events, so this module never imports them.
 * - open from inbound: inside the inbound pipeline's one statement (`INBOUND_OPEN_TICKETS`/`INBOUND_OPEN_CYCLES`, with
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
    private readonly cycles: TicketCyclesRepository,
    private readonly events: TicketsEvents,
    private readonly settings: CompanySettingsCache,
    private readonly domainEvents: DomainEvents,
  ) {}

  state(companyId: number, ticketId: number): Promise<TicketState | null> {
    return this.statements.state(companyId, ticketId);
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
    await this.transitioned(ctx.companyId, ticket.id, ['opened-by-agent'], null, positionOf(ticket), ticket.isGroup);
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
    const before = positionOf(ticket);
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
    if (finishing) await this.domainEvents.publish('ticket.completing', { companyId: ctx.companyId, ticketId: ticket.id });
    if (ticket.status === 'closed') this.finished(ticket);
    await this.em.flush();

    await this.agentCycle(ctx.companyId, ticket, before);
    const transitions = agentTransitions(before, positionOf(ticket));
    if (askRating) transitions.push('rating-requested');
    await this.transitioned(ctx.companyId, ticket.id, transitions, before, positionOf(ticket), ticket.isGroup);
    const response = await this.responses.one(ctx.companyId, ticket.id);
    this.events.updated(ctx.companyId, response, before);
    return response;
  }

  /** Automatic close (expiry timer, the rating flow). False when it was already closed. */
  async closeAutomatically(companyId: number, ticket: TicketState, also: TicketTransition[] = []): Promise<boolean> {
    if (ticket.status === 'closed') return false;
    if (!(await this.statements.close(companyId, ticket.id))) return false;
    await this.cycles.finished(companyId, ticket.id);
    const before = statePosition(ticket);
    await this.transitioned(
      companyId,
      ticket.id,
      [...also, 'closed-automatically'],
      before,
      { status: 'closed', queueId: ticket.queue_id, userId: ticket.user_id },
      ticket.is_group,
    );
    await this.announce(companyId, ticket.id, before);
    return true;
  }

  /** Bot hand-over: to a queue (and optionally a person, who opens it); bots stop and it waits for (or goes to) a human. */
  async handOver(companyId: number, ticket: TicketState, target: { queueId: number | null; userId?: number | null }): Promise<void> {
    const userId = target.userId ?? null;
    await this.statements.handOver(companyId, ticket.id, target.queueId, userId);
    if (userId && ticket.status === 'pending') await this.cycles.started(companyId, ticket.id, userId, target.queueId);
    const after = { status: userId ? 'open' : 'pending', queueId: target.queueId, userId };
    await this.transitioned(companyId, ticket.id, ['handed-over'], statePosition(ticket), after, ticket.is_group);
    await this.announce(companyId, ticket.id, statePosition(ticket));
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
    await this.transitioned(companyId, ticketId, ['queued-by-bot'], { ...before, userId: null }, { status: before.status, queueId, userId: null }, false);
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

  /** Rating answer 1–3: saves it with the cycle's rating time; the completion message goes out and the ticket closes. */
  async answerRating(companyId: number, ticket: TicketState, rate: number): Promise<void> {
    await this.statements.rate(companyId, ticket.id, ticket.user_id, rate);
    await this.domainEvents.publish('ticket.completing', { companyId, ticketId: ticket.id });
    await this.closeAutomatically(companyId, ticket, ['rating-answered']);
  }

  /** The one reminder after an answer that is not 1, 2 or 3. */
  async remindRating(companyId: number, ticket: TicketState): Promise<void> {
    await this.statements.markRatingReminded(companyId, ticket.id);
    const position = statePosition(ticket);
    await this.transitioned(companyId, ticket.id, ['rating-reminded'], position, position, ticket.is_group);
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
    await this.closeAutomatically(companyId, ticket, ['rating-dropped']);
    const created = await this.statements.openAfter(companyId, ticket.id, newProtocol(), message.body);
    if (created === null) return null;
    await this.statements.moveMessage(companyId, message.whatsappId, message.providerId, created);
    await this.cycles.opened(companyId, created, null, null, false);
    await this.announce(companyId, created);
    return this.tickets.row(companyId, { id: created });
  }

  /** Tells every list where the ticket now stands. */
  async announce(companyId: number, ticketId: number, before?: { status: string; queueId: number | null; userId?: number | null }): Promise<void> {
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

  /** Tells the listeners (automatic texts, timers) after the write: they run before the transition returns. */
  private transitioned(
    companyId: number,
    ticketId: number,
    transitions: TicketTransition[],
    before: TicketPosition | null,
    after: TicketPosition,
    isGroup: boolean,
  ): Promise<void> {
    if (!transitions.length) return Promise.resolve();
    return this.domainEvents.publish('ticket.transitioned', { companyId, ticketId, transitions, before, after, isGroup });
  }

  /** The attendance cycle of an agent's change: reopen starts a new one, accept starts it, finish ends it. */
  private async agentCycle(companyId: number, ticket: Ticket, before: TicketPosition): Promise<void> {
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
        // With the queue the browser can tell whether the caller may open it (the ticket visibility rules).
        queueId: queue?.id ?? null,
        queue: queue ? { name: queue.name } : null,
      },
    });
  }
}

function positionOf(ticket: Ticket): TicketPosition {
  return { status: ticket.status, queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null };
}

function statePosition(ticket: TicketState): TicketPosition {
  return { status: ticket.status, queueId: ticket.queue_id, userId: ticket.user_id };
}

/** The named transitions one change by an agent made (it may combine several, e.g. accept and transfer). */
export function agentTransitions(before: TicketPosition, after: TicketPosition): TicketTransition[] {
  const transitions: TicketTransition[] = [];
  if (before.status === 'closed' && after.status !== 'closed') transitions.push('reopened');
  if (before.status !== 'closed' && after.status === 'closed') transitions.push('finished');
  if (before.status === 'pending' && after.status === 'open' && after.userId !== null) transitions.push('accepted');
  if (before.status === 'open' && after.status === 'pending') transitions.push('returned');
  const movedQueue = after.queueId !== before.queueId && after.queueId !== null;
  const movedUser = after.userId !== null && after.userId !== before.userId && before.userId !== null;
  if ((movedQueue || movedUser) && before.status !== 'closed' && after.status !== 'closed') transitions.push('transferred');
  return transitions;
}
