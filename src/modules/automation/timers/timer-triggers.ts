import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../../infra/events/domain-events.js';
import type { MessageStoredEvent, TicketTransitionedEvent } from '../../../shared/domain-events.js';
import { BotTimers } from './bot-timers.js';

/** Arms and cancels the timers from what the messages and tickets modules announce. */
@Injectable()
export class TimerTriggers {
  private readonly logger = new Logger('TimerTriggers');

  constructor(private readonly timers: BotTimers) {}

  /** Each message of ours (from the app or typed on the phone) restarts the inactivity timer of a conversation. */
  @OnDomainEvent('message.stored')
  async messageStored(event: MessageStoredEvent): Promise<void> {
    if (event.origin === 'customer' || event.isGroup) return;
    // Losing the timer must not lose the message: a failure is logged only.
    await this.timers
      .afterOurMessage(event.companyId, event.ticket.id, event.connectionId)
      .catch((error: unknown) => this.logger.warn(`expiry timer: ${String(error)}`));
  }

  /** The rating question waits 24 hours for its answer; an answer or a drop ends the wait. */
  @OnDomainEvent('ticket.transitioned')
  async ticketTransitioned(event: TicketTransitionedEvent): Promise<void> {
    if (event.transitions.includes('rating-requested')) await this.timers.ratingRequested(event.companyId, event.ticketId);
    else if (event.transitions.includes('rating-answered') || event.transitions.includes('rating-dropped')) await this.timers.cancel('rating', event.ticketId);
  }
}
