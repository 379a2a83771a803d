// Response shapes the API answers and the browser reads: declared once, imported by both.

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
  createdAt: string;
  updatedAt: string;
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
  createdAt: string;
  updatedAt: string;
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
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  protocol: string;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string | null; isGroup: boolean } | null;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
}
