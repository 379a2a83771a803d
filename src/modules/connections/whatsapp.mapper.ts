import type { ConnectionResponse } from '../../shared/api-types.js';
import { CLOUD_PROVIDER, cloudWebhookPath } from '../../channels/cloud-api/cloud-provider.js';
import type { Whatsapp } from './whatsapp.entity.js';

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
    promptId: whatsapp.prompt?.id ?? null,
    tokenHint: whatsapp.tokenHint,
    queues: whatsapp.queues.isInitialized()
      ? whatsapp.queues
          .getItems()
          .map((q) => ({ id: q.id, name: q.name, color: q.color }))
          .sort((a, b) => a.id - b.id)
      : [],
    cloud:
      whatsapp.provider === CLOUD_PROVIDER
        ? {
            phoneNumberId: whatsapp.cloudPhoneNumberId,
            businessAccountId: whatsapp.cloudBusinessAccountId,
            verifyToken: whatsapp.cloudVerifyToken,
            webhookPath: cloudWebhookPath(whatsapp.id),
            accessTokenHint: whatsapp.cloudAccessTokenHint,
            appSecretSet: whatsapp.cloudAppSecret !== null,
          }
        : null,
    createdAt: whatsapp.createdAt.toISOString(),
    updatedAt: whatsapp.updatedAt.toISOString(),
  };
}

export type { ConnectionResponse };
