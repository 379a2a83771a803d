/**
 * The domain events one module announces and others react to, so that a lower module (tickets, messages) never
 * imports the modules that build on it (automation, timers). Payloads are plain data: listeners decide from them
 * without a query where the hot path needs it, and read the rest themselves.
 */

/** Who wrote a stored message: the customer, our phone itself, or this app (an agent, the bot, a schedule). */
export type MessageOrigin = 'customer' | 'phone' | 'app';

/** A message is stored in its ticket (inbound pipeline or outbound sender), inside its connection's ordered lane. */
export interface MessageStoredEvent {
  companyId: number;
  connectionId: number;
  origin: MessageOrigin;
  isGroup: boolean;
  /** The ticket as the message left it. */
  ticket: { id: number; status: string; userId: number | null; ratingPending: boolean };
  /** The message opened the ticket. */
  ticketCreated: boolean;
  message: {
    id: number;
    providerId: string;
    body: string;
    remoteJid: string;
    mediaType: string;
    mediaPath: string | null;
    createdAt: string;
  };
}

/** Where a ticket stands: the part of its state the transitions move. */
export interface TicketPosition {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** The named transitions of `TicketLifecycle`; one change by an agent may be several at once (accept and transfer). */
export type TicketTransition =
  | 'opened-by-agent'
  | 'accepted'
  | 'returned'
  | 'transferred'
  | 'finished'
  | 'reopened'
  | 'rating-requested'
  | 'rating-reminded'
  | 'rating-answered'
  | 'rating-dropped'
  | 'closed-automatically'
  | 'handed-over'
  | 'queued-by-bot';

/** A ticket moved (after the write is committed). */
export interface TicketTransitionedEvent {
  companyId: number;
  ticketId: number;
  transitions: readonly TicketTransition[];
  before: TicketPosition | null;
  after: TicketPosition;
  isGroup: boolean;
}

/** An attendance is about to complete (a human finish, a rating answer): the completion message goes out first. */
export interface TicketCompletingEvent {
  companyId: number;
  ticketId: number;
}

/** A company's due date was set, or it passed: a due or past-due company must have an invoice to pay. */
export interface CompanyDueDateEvent {
  companyId: number;
}

/** A connection of a provider without a long-lived session (WhatsApp Cloud API) passed its start check. */
export interface ConnectionConnectedEvent {
  companyId: number;
  connectionId: number;
  provider: string;
}

export interface DomainEventMap {
  'company.due-date': CompanyDueDateEvent;
  'connection.connected': ConnectionConnectedEvent;
  'message.stored': MessageStoredEvent;
  'ticket.transitioned': TicketTransitionedEvent;
  'ticket.completing': TicketCompletingEvent;
}

export type DomainEventName = keyof DomainEventMap;
