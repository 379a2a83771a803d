// Response shapes the API answers and the browser reads: declared once, imported by both.
import type { Profile } from './permissions.js';
import type { ScheduleEntry } from './schedules.js';
import type { MessagePreview } from './message-preview.js';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** A page of a list in the spec's dialect: the records under the resource's name, whether more follow, the total. */
export type SpecList<N extends string, T> = { [K in N]: T[] } & { hasMore: boolean; count: number };

/** A list body in either dialect: react-admin's array (the total in Content-Range) or the spec's page. */
export type ListBody<N extends string, T> = T[] | SpecList<N, T>;

export interface ConnectionResponse {
  id: number;
  name: string;
  status: string;
  qrcode: string | null;
  retries: number;
  isDefault: boolean;
  provider: string;
  phoneNumber: string | null;
  disconnectReason: string | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  expiresInactiveMessage: string | null;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  promptId: number | null;
  /** The last characters of the API token, to recognise it; the token itself is never returned again. */
  tokenHint: string | null;
  queues: Array<{ id: number; name: string; color: string }>;
  /** A WhatsApp Cloud API connection's settings (provider `cloud`); its access token and app secret never come back. */
  cloud: CloudConnectionSettings | null;
  createdAt: string;
  updatedAt: string;
}

export interface CloudConnectionSettings {
  phoneNumberId: string | null;
  businessAccountId: string | null;
  /** What to paste as "Verify token" in Meta's webhook settings. */
  verifyToken: string | null;
  /** The webhook's path on this server (the browser prefixes its public address). */
  webhookPath: string;
  accessTokenHint: string | null;
  appSecretSet: boolean;
}

export interface ContactResponse {
  id: number;
  uuid: string;
  name: string;
  number: string;
  email: string | null;
  profilePicUrl: string | null;
  isGroup: boolean;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  extraInfo: Array<{ id: number; name: string; value: string }>;
  /** What the last WhatsApp check of the number found: false is 'CONTATO FORA DO WHATSAPP'; null never checked. */
  isWhatsappValid: boolean | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * POST /contacts/whatsapp-check: whether a number is on WhatsApp (null when no connection could tell), and the
 * company's contact with that number, if any.
 */
export interface ContactWhatsappCheckResponse {
  number: string;
  exists: boolean | null;
  contact: ContactResponse | null;
}

/** A ticket as lists, details and ticket events carry it. */
export interface TicketResponse {
  id: number;
  uuid: string;
  status: string;
  contactId: number;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  lastMessage: string | null;
  /** The time of the last message: the list's order and the time a row shows. */
  lastMessageAt: string;
  /** Rendered with previewText (src/shared/message-preview.ts); null: read lastMessage as text. */
  lastMessagePreview: MessagePreview | null;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  protocol: string;
  /** Closed by an agent, waiting for the customer's 1–3 rating (the status stays open meanwhile). */
  ratingPending: boolean;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string | null; isGroup: boolean } | null;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
}

/** The services a queue can hand its conversations to, and Dialogflow's agent languages (campaigns §9). */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

export interface QueueIntegrationResponse {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  /** The Dialogflow credentials: admins only, null for everyone else. */
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromptResponse {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  model: string;
  /** The API key itself is never returned, nor the voice key. */
  apiKeyHint: string;
  queueId: number;
  queue: { id: number; name: string; color: string };
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** One node of a queue's chatbot menu; `option` is its key among its siblings, from 1. */
export interface QueueOptionResponse {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ScheduleStatus = 'PENDENTE' | 'ENVIADA' | 'ERRO';

export interface ScheduleResponse {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  error: string | null;
  contactId: number;
  contact: { id: number; name: string; number: string };
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  ticketId: number | null;
  /** On a WhatsApp Cloud API connection: the approved template sent, and the text of each of its {{n}} values. */
  templateId: number | null;
  templateVariables: string[];
  /** A template whose header shows a file: the address Meta downloads it from. */
  templateHeaderMediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  /** Minutes from accept to close, on average. */
  avgSupportTime: number | null;
  /** Minutes from arrival to accept, on average. */
  avgWaitTime: number | null;
  /** Super users only: connected numbers and companies of the whole platform. */
  totalWhatsappSessions?: number;
  totalCompanies?: number;
}

export interface AttendantFigures {
  id: number;
  name: string;
  /** Average of the 1–3 ratings in the period. */
  rating: number | null;
  avgSupportTime: number | null;
  online: boolean;
}

export interface DashboardResponse {
  counters: DashboardCounters;
  attendants: AttendantFigures[];
}

/** An internal chat as its members see it. */
export interface ChatResponse {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string | null;
  createdAt: string;
  updatedAt: string;
  users: Array<{ userId: number; unreads: number; user: { id: number; name: string } }>;
}

export interface ChatMessageResponse {
  id: number;
  chatId: number;
  message: string;
  senderId: number;
  sender: { id: number; name: string };
  createdAt: string;
}

/** What a ticket carries of each of its tags. */
export interface TagSummary {
  id: number;
  name: string;
  color: string;
}

/** An entry of `GET /tags/list` (kanban lanes, tag filters). */
export interface TagListItem extends TagSummary {
  kanban: 0 | 1;
}

export interface TagResponse extends TagListItem {
  userId: number | null;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface UserQueueResponse {
  id: number;
  name: string;
  color: string;
}

export interface UserResponse {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: string;
  whatsappId: number | null;
  companyId: number;
  online: boolean;
  lastSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  queues: UserQueueResponse[];
}

/** A ticket with its tags, as the ticket routes, the kanban board and the ticket events carry it. */
export type TicketWithTagsResponse = TicketResponse & { tags: TagSummary[] };

/** GET /tickets/{id} and /tickets/u/{uuid}: the ticket with its whole contact. */
export type TicketDetailResponse = Omit<TicketWithTagsResponse, 'contact'> & { contact: ContactResponse };

/** GET /tickets: a page of a ticket list (keyset `cursor` for the next page) and the list's count. */
export interface TicketPageResponse {
  tickets: TicketWithTagsResponse[];
  hasMore: boolean;
  /** Exact for tabs; searches and row-only filters stop at 1,000 and set `countCapped`. */
  count: number;
  countCapped?: boolean;
  cursor: string | null;
}

/** GET /tickets/counts: the badges of the Atendendo and Aguardando tabs. */
export interface TicketCountsResponse {
  open: number;
  pending: number;
}

/** GET /messages/{ticketId}: a page of the conversation (older pages by `cursor`) and the ticket. */
export interface MessagePageResponse {
  messages: ConversationMessageResponse[];
  hasMore: boolean;
  cursor: string | null;
  ticket: TicketResponse;
  /**
   * The customer-service window of a WhatsApp Cloud API conversation: free text and media may be sent until
   * `closesAt` (24 h after the customer's last message; null: the customer never wrote, so it is closed), approved
   * templates at any time. Null for connections without such a window.
   */
  serviceWindow: ServiceWindow | null;
}

export interface ServiceWindow {
  closesAt: string | null;
  hours: number;
}

/** A WhatsApp Cloud API message template of a connection, as the last sync read it (GET /api/message-templates). */
/** GET /schedules/templates: whether the connection a schedule would use sends templates, and its approved ones. */
export interface ScheduleTemplatesResponse {
  /** The connection asked for, or the company's default one (null when there is none). */
  whatsappId: number | null;
  cloud: boolean;
  templates: MessageTemplateResponse[];
}

export interface MessageTemplateResponse {
  id: number;
  whatsappId: number;
  metaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  /** How many values a send takes: one per slot. */
  variables: number;
  /**
   * What each value fills, in the order sends list them: the header's text placeholder, the body's placeholders
   * (`name` is `1`, `2`… or a named one such as `first_name`), then each URL button's suffix (`button`: its place, from 0).
   */
  slots: { part: 'header' | 'body' | 'button'; name: string; button?: number }[];
  /** IMAGE, VIDEO or DOCUMENT: the send needs a file's address for the header. */
  headerFormat: string | null;
  /** The body as approved, with its {{n}} placeholders. */
  body: string;
  components: { type: string; format?: string; text?: string }[];
  syncedAt: string;
}

export interface TemplateSyncResponse {
  whatsappId: number;
  /** Templates the connection has now. */
  total: number;
  removed: number;
}

export interface TicketNoteResponse {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}

export interface QuickMessageResponse {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  isMedia: boolean;
  mediaPath: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  userId: number;
  createdAt: string;
  updatedAt: string;
}

export interface QueueResponse {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: ScheduleEntry[];
  integrationId: number | null;
  promptId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageResponse {
  id: number;
  ticketId: number;
  contactId: number | null;
  whatsappId: number | null;
  providerId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  /** An audio's length in whole seconds, when known. */
  mediaSeconds?: number | null;
  quotedMsgId: number | null;
  isDeleted: boolean;
  isEdited: boolean;
  participant: string | null;
  senderName: string | null;
  /** The provider reported the send failed after accepting it: the catalogued code and the provider's words. */
  sendError?: { code: string; detail: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** The quoted message shown above a reply. */
export interface QuotedMessageResponse {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  senderName: string | null;
}

/** A message as the conversation routes and the `appMessage` events carry it: with its quoted message. */
export type ConversationMessageResponse = MessageResponse & { quotedMsg: QuotedMessageResponse | null };

/** A plan's limits, value and module flags (the session's company plan, the signup list, a company's plan). */
export interface PlanSummary {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

export type PlanResponse = PlanSummary & { createdAt: string; updatedAt: string };

/** A company setting (GET /settings, the session's company settings, `company-{id}-settings`). */
export interface SettingResponse {
  key: string;
  value: string;
}

export interface HelpResponse {
  id: number;
  title: string;
  description: string | null;
  video: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CompanyFields {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  planId: number | null;
}

/** The company's billing data (administration §3): asked by the checkout's 'Dados' step, shown on its invoices. */
export interface CompanyBilling {
  billingName: string | null;
  addressZipCode: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressDistrict: string | null;
}

export const COMPANY_BILLING_FIELDS = [
  'billingName',
  'addressZipCode',
  'addressStreet',
  'addressState',
  'addressCity',
  'addressDistrict',
] as const satisfies readonly (keyof CompanyBilling)[];

export interface CompanyResponse extends CompanyFields, CompanyBilling {
  plan: { id: number; name: string } | null;
  schedules: ScheduleEntry[];
  timezone: string;
  createdAt: string;
  campaignsEnabled: boolean;
}
