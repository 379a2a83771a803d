import type { Whatsapp } from './whatsapp.entity.js';

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

/** Never carries credentials or the token hash. Expects `queues` loaded. */
export function toConnectionResponse(whatsapp: Whatsapp): ConnectionResponse {
  return {
    id: whatsapp.id,
    name: whatsapp.name,
    status: whatsapp.status,
    qrcode: whatsapp.qrcode,
    retries: whatsapp.retries,
    isDefault: whatsapp.isDefault,
    provider: whatsapp.provider,
    phoneNumber: whatsapp.phoneNumber,
    disconnectReason: whatsapp.disconnectReason,
    greetingMessage: whatsapp.greetingMessage,
    complationMessage: whatsapp.complationMessage,
    outOfHoursMessage: whatsapp.outOfHoursMessage,
    ratingMessage: whatsapp.ratingMessage,
    expiresInactiveMessage: whatsapp.expiresInactiveMessage,
    expiresTicket: whatsapp.expiresTicket,
    timeUseBotQueues: whatsapp.timeUseBotQueues,
    maxUseBotQueues: whatsapp.maxUseBotQueues,
    timeToTransfer: whatsapp.timeToTransfer,
    transferQueueId: whatsapp.transferQueue?.id ?? null,
    promptId: whatsapp.promptId,
    tokenHint: whatsapp.tokenHint,
    queues: whatsapp.queues.isInitialized()
      ? whatsapp.queues
          .getItems()
          .map((q) => ({ id: q.id, name: q.name, color: q.color }))
          .sort((a, b) => a.id - b.id)
      : [],
    createdAt: whatsapp.createdAt.toISOString(),
    updatedAt: whatsapp.updatedAt.toISOString(),
  };
}
