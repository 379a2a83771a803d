import { Injectable } from '@nestjs/common';
import { CompanyActivity } from '../../companies/company-activity.js';
import { TicketTexts } from '../../messages/ticket-texts.js';
import { TicketLifecycle } from '../../tickets/ticket-lifecycle.js';
import type { TimerJobData, TimerKind } from './bot-timer-jobs.js';
import { BotTimers } from './bot-timers.js';
import { TimerFactsRepository } from './timer-facts.repository.js';

/** A timer of a company that may not act (disabled, expired) is looked at again this much later. */
export const INACTIVE_RECHECK_MS = 60 * 60 * 1000;

/**
 * The inactivity text could not go out (the connection is reconnecting, e.g. right after a restart): try again this
 * much later, for at most the window below, then close without it rather than keep the ticket open for ever.
 */
export const SAY_RETRY_MS = 2000;
export const SAY_RETRY_WINDOW_MS = 5 * 60 * 1000;

/**
 * What each timer does when it fires. Every action re-reads the ticket first: a customer who wrote meanwhile, a
 * person who accepted, or a changed connection setting simply makes the job a no-op, or answers how much later it
 * should run again (the worker then delays the same job). A disabled or expired company does nothing: its timers
 * wait, and run once it is enabled or renewed.
 */
@Injectable()
export class TimerActions {
  constructor(
    private readonly facts: TimerFactsRepository,
    private readonly lifecycle: TicketLifecycle,
    private readonly texts: TicketTexts,
    private readonly timers: BotTimers,
    private readonly activity: CompanyActivity,
  ) {}

  /** Runs a due timer; answers the milliseconds after which it must run again, or null when it is done. */
  async run(kind: TimerKind, data: TimerJobData): Promise<number | null> {
    if (await this.activity.inactiveReason(data.companyId)) return INACTIVE_RECHECK_MS;
    if (kind === 'expire') return this.expire(data);
    if (kind === 'transfer') return this.transfer(data);
    await this.ratingExpired(data);
    return null;
  }

  /** expiresTicket: an open ticket whose last message is ours and older than the limit closes. */
  private async expire({ companyId, ticketId }: TimerJobData): Promise<number | null> {
    const facts = await this.facts.expiry(companyId, ticketId);
    if (facts?.status !== 'open' || facts.is_group || facts.expires_ticket <= 0 || !facts.last_from_me || !facts.last_at) return null;
    const due = new Date(facts.last_at).getTime() + facts.expires_ticket * this.timers.minuteMs;
    if (due > Date.now()) return due - Date.now();
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (!ticket) return null;
    const text = facts.expires_inactive_message;
    if (text?.trim()) {
      const said = await this.texts.say(companyId, ticket, text);
      if (!said && Date.now() - due < SAY_RETRY_WINDOW_MS) return SAY_RETRY_MS;
    }
    await this.lifecycle.closeAutomatically(companyId, ticket);
    return null;
  }

  /** timeToTransfer: a ticket still waiting without a queue moves to the connection's transfer queue. */
  private async transfer({ companyId, ticketId }: TimerJobData): Promise<number | null> {
    const facts = await this.facts.transfer(companyId, ticketId);
    if (facts?.status !== 'pending' || facts.queue_id !== null || facts.user_id !== null) return null;
    if (!facts.time_to_transfer || !facts.transfer_queue_id) return null;
    const due = new Date(facts.created_at).getTime() + facts.time_to_transfer * this.timers.minuteMs;
    if (due > Date.now()) return due - Date.now();
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (ticket) await this.lifecycle.handOver(companyId, ticket, { queueId: facts.transfer_queue_id });
    return null;
  }

  /** Nobody answered the rating question within the wait: close without a rating. */
  private async ratingExpired({ companyId, ticketId }: TimerJobData): Promise<void> {
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (ticket) await this.lifecycle.ratingExpired(companyId, ticket);
  }
}
