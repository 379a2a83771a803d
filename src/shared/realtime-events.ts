// Socket event names and payloads shared by the server gateway and the browser.
import type { CampaignEventPayload, ContactListEventPayload, ContactListItemEventPayload, FileListEventPayload } from './campaign-api-types.js';
import type { CampaignSettings } from './campaigns.js';
import type { InvoiceEventPayload, PaymentEventPayload } from './billing-api-types.js';
import type { AnnouncementEventPayload } from './announcement-api-types.js';

export const companyEvent = (companyId: number, topic: string): string => `company-${companyId}-${topic}`;

/**
 * Topics the seed app emits under another name: each is emitted under both, the same payload, so a listener written
 * to the seed (`company-{id}-ContactList`) keeps working beside ours.
 */
export const SEED_TOPIC_NAMES: Readonly<Record<string, string>> = { 'contact-list': 'ContactList' };

/** Every event name one company topic is emitted under. */
export const companyEventNames = (companyId: number, topic: string): string[] => {
  const seed = SEED_TOPIC_NAMES[topic];
  return seed ? [companyEvent(companyId, topic), companyEvent(companyId, seed)] : [companyEvent(companyId, topic)];
};

export const Rooms = {
  mainChannel: (companyId: number) => `company-${companyId}-mainchannel`,
  user: (userId: number) => `user-${userId}`,
  /** The company's admins (joined at connect; a profile change disconnects the user's sockets, which rejoin). */
  companyAdmins: (companyId: number) => `company-${companyId}-admins`,
  /** Sockets of a billing-only session (an expired company's admin renewing): they receive the payment event only. */
  companyBilling: (companyId: number) => `company-${companyId}-billing`,
  /** Every full session of every company: the announcements' audience (billing-only sockets never join it). */
  signedIn: 'signed-in',
  companyStatus: (companyId: number, status: string) => `company-${companyId}-${status}`,
  companyNotification: (companyId: number) => `company-${companyId}-notification`,
  queueStatus: (queueId: number, status: string) => `queue-${queueId}-${status}`,
  queueNotification: (queueId: number) => `queue-${queueId}-notification`,
  ticket: (ticketId: number | string) => `ticket-${ticketId}`,
} as const;

/** Client → server events. */
export const ClientEvents = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinNotification: 'joinNotification',
  leaveNotification: 'leaveNotification',
  userStatus: 'userStatus',
} as const;

/** A list's live change: the record (`create`/`update`) under `K`, or its id (`delete`) under `I`. */
export type CrudEventPayload<K extends string, I extends string> = { action: 'create' | 'update' | 'delete' } & Partial<Record<K, unknown>> &
  Partial<Record<I, number>>;

export type UserEventPayload = CrudEventPayload<'user', 'userId'>;

export interface SettingsEventPayload {
  action: 'update';
  setting: { key: string; value: string };
}

export interface AuthEventPayload {
  action: 'sessionReplaced' | 'logout';
  user: { id: number };
}

export type QueueEventPayload = CrudEventPayload<'queue', 'queueId'>;

export interface WhatsappSessionPayload {
  action: 'update';
  session: {
    id: number;
    name: string;
    status: string;
    qrcode: string | null;
    pairingCode?: string | null;
    retries: number;
    phoneNumber: string | null;
    disconnectReason: string | null;
    updatedAt: string;
  };
}

export type WhatsappEventPayload = CrudEventPayload<'whatsapp', 'whatsappId'>;

export type ContactEventPayload = CrudEventPayload<'contact', 'contactId'>;

export interface AppMessagePayload {
  action: 'create' | 'update' | 'delete';
  message: unknown;
  ticket?: unknown;
  contact?: unknown;
}

export interface TicketEventPayload {
  action: 'update' | 'delete' | 'updateUnread';
  ticket?: unknown;
  ticketId?: number;
}

export interface TagEventPayload {
  action: 'create' | 'update' | 'delete' | 'sync';
  tag?: unknown;
  tagId?: number;
  ticketId?: number;
  tags?: unknown[];
}

export interface QuickMessageEventPayload {
  action: 'create' | 'update' | 'delete';
  record?: unknown;
  id?: number;
}

export type PromptEventPayload = CrudEventPayload<'prompt', 'promptId'>;

export type QueueIntegrationEventPayload = CrudEventPayload<'queueIntegration', 'integrationId'>;

export type ScheduleEventPayload = CrudEventPayload<'schedule', 'scheduleId'>;

/** Internal chat, to the members' rooms only. */
export interface ChatEventPayload {
  action: 'create' | 'update' | 'delete' | 'new-message';
  chat?: unknown;
  chatId?: number;
  newMessage?: unknown;
}

/** `company-{id}-campaignSettings`: the whole settings after a change. */
export interface CampaignSettingsEventPayload {
  action: 'update';
  settings: CampaignSettings;
}

/** Topics emitted as `company-{id}-{topic}`; the map documents each payload. */
export interface CompanyEventMap {
  user: UserEventPayload;
  settings: SettingsEventPayload;
  auth: AuthEventPayload;
  queue: QueueEventPayload;
  whatsappSession: WhatsappSessionPayload;
  whatsapp: WhatsappEventPayload;
  contact: ContactEventPayload;
  appMessage: AppMessagePayload;
  ticket: TicketEventPayload;
  tag: TagEventPayload;
  quickmessage: QuickMessageEventPayload;
  prompt: PromptEventPayload;
  queueIntegration: QueueIntegrationEventPayload;
  schedule: ScheduleEventPayload;
  chat: ChatEventPayload;
  campaign: CampaignEventPayload;
  'contact-list': ContactListEventPayload;
  ContactListItem: ContactListItemEventPayload;
  file: FileListEventPayload;
  campaignSettings: CampaignSettingsEventPayload;
  payment: PaymentEventPayload;
  invoice: InvoiceEventPayload;
}
export type CompanyTopic = keyof CompanyEventMap;

/**
 * The one event sent to every socket of every company (server-behaviour §7): announcements are global. Its name has
 * no company; every other event is `company-{id}-{topic}` to that company's rooms.
 */
export const ANNOUNCEMENT_EVENT = 'announcement';
export type { AnnouncementEventPayload };

export const SOCKET_PING_MS = 18000;
export const USER_STATUS_HEARTBEAT_MS = 300000;
