import type {
  ContactResponse,
  ConversationMessageResponse,
  MessagePageResponse,
  QuickMessageResponse,
  QuotedMessageResponse,
  TagSummary,
  TicketCountsResponse,
  TicketNoteResponse,
  TicketPageResponse,
  TicketResponse,
} from '../../../../src/shared/api-types';

export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export type TagRef = TagSummary;

export interface Tag extends TagRef {
  kanban?: number | boolean | null;
}

/** A ticket's contact; GET /tickets/{id} and /tickets/u/{uuid} carry the whole contact (the optional fields). */
export type TicketContact = NonNullable<TicketResponse['contact']> &
  Partial<Pick<ContactResponse, 'uuid' | 'email' | 'whatsapp'>> & { extraInfo?: { id?: number; name: string; value: string }[] };

/** A ticket as GET /tickets and the ticket events carry it (the status narrowed, the contact completed on details). */
export interface Ticket extends Omit<TicketResponse, 'status' | 'contact' | 'protocol'> {
  status: TicketStatus;
  protocol?: string;
  contact: TicketContact | null;
  tags?: TagRef[];
}

/** GET /tickets, with the browser's narrowed ticket. */
export interface TicketPage extends Omit<TicketPageResponse, 'tickets'> {
  tickets: Ticket[];
}

export type TicketCounts = TicketCountsResponse;

export type MediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'document'
  | 'sticker'
  | 'locationMessage'
  | 'contactMessage'
  | 'vcard'
  | 'call_log'
  | 'reactionMessage'
  | (string & {});

/** The wire types of src/shared/api-types.ts with the media type narrowed to the kinds the chat draws. */
export interface QuotedMessage extends Omit<QuotedMessageResponse, 'mediaType'> {
  mediaType: MediaType;
}

/** A message as the conversation routes and `appMessage` events carry it (deleted ones carry no quote). */
export interface Message extends Omit<ConversationMessageResponse, 'mediaType' | 'quotedMsg'> {
  mediaType: MediaType;
  quotedMsg?: QuotedMessage | null;
}

/** GET /messages/{ticketId}, with the browser's narrowed message and ticket. */
export interface MessagePage extends Omit<MessagePageResponse, 'messages' | 'ticket'> {
  messages: Message[];
  ticket: Ticket;
}

export type TicketNote = TicketNoteResponse;

export type QuickMessage = QuickMessageResponse;

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

export interface ConnectionOption {
  id: number;
  name: string;
  status: string;
  isDefault?: boolean;
}

export interface UserOption {
  id: number;
  name: string;
  profile?: string;
  queues?: QueueOption[];
}

export interface ContactOption {
  id: number;
  uuid?: string;
  name: string;
  number: string;
  profilePicUrl?: string | null;
}

/** The body of a 409 ERR_OTHER_OPEN_TICKET. */
export interface OtherOpenTicket {
  id: number;
  uuid: string;
  userId: number | null;
  user: { name: string } | null;
  queue: { name: string } | null;
}

/** Events of `company-{id}-ticket`. */
export type TicketEvent = { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number } | { action: 'updateUnread'; ticketId: number };

/** Events of `company-{id}-appMessage`. */
export type AppMessageEvent =
  | { action: 'create'; message: Message; ticket?: Ticket; contact?: TicketContact }
  | { action: 'update'; message: Message }
  | { action: 'delete'; message: Message };

/** Events of `company-{id}-contact`. */
export interface ContactEvent {
  action: 'create' | 'update' | 'delete';
  contact?: TicketContact;
  contactId?: number;
}

/** `company-{id}-tag` events; `sync` carries a ticket's new tags. */
export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number } | { action: 'sync'; ticketId: number; tags: TagRef[] };
