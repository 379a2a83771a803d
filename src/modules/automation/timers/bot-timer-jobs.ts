/** The durable timers of the bot (server-behaviour §4): one delayed BullMQ job per ticket and kind. */
export const BOT_TIMERS_QUEUE = 'bot-timers';

export const TIMER_KINDS = ['expire', 'transfer', 'rating'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export interface TimerJobData {
  companyId: number;
  ticketId: number;
}

/** One job per ticket and kind: re-arming replaces it. */
export const timerJobId = (kind: TimerKind, ticketId: number): string => `${kind}-${ticketId}`;

/** How long the rating question waits for an answer. */
export const RATING_WAIT_HOURS = 24;
