import type { Connection, ConnectionFormValues } from './types';

/** Defaults of a new connection (administration §9). */
export const NEW_CONNECTION: ConnectionFormValues = {
  name: '',
  tokenHint: null,
  isDefault: false,
  provider: 'beta',
  queueIds: [],
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: '',
  transferQueueId: '',
  promptId: '',
  cloud: { phoneNumberId: '', businessAccountId: '', accessToken: '', appSecret: '' },
  cloudSaved: null,
};

export function toFormValues(connection: Connection): ConnectionFormValues {
  return {
    name: connection.name,
    tokenHint: connection.tokenHint,
    isDefault: connection.isDefault,
    provider: connection.provider,
    queueIds: (connection.queues ?? []).map((queue) => queue.id),
    greetingMessage: connection.greetingMessage ?? '',
    complationMessage: connection.complationMessage ?? '',
    outOfHoursMessage: connection.outOfHoursMessage ?? '',
    ratingMessage: connection.ratingMessage ?? '',
    expiresInactiveMessage: connection.expiresInactiveMessage ?? '',
    expiresTicket: connection.expiresTicket ?? 0,
    timeUseBotQueues: connection.timeUseBotQueues ?? 0,
    maxUseBotQueues: connection.maxUseBotQueues ?? 3,
    timeToTransfer: connection.timeToTransfer ?? '',
    transferQueueId: connection.transferQueueId ?? '',
    promptId: connection.promptId ?? '',
    cloud: {
      phoneNumberId: connection.cloud?.phoneNumberId ?? '',
      businessAccountId: connection.cloud?.businessAccountId ?? '',
      accessToken: '',
      appSecret: '',
    },
    cloudSaved: connection.cloud ?? null,
  };
}

/** The Cloud API settings to send: only for that provider, and secrets only when typed (blank keeps the stored ones). */
function cloudPayload(values: ConnectionFormValues) {
  if (values.provider !== 'cloud') return {};
  const { phoneNumberId, businessAccountId, accessToken, appSecret } = values.cloud;
  return {
    cloud: {
      phoneNumberId: phoneNumberId.trim(),
      businessAccountId: businessAccountId.trim(),
      ...(accessToken.trim() && { accessToken: accessToken.trim() }),
      ...(appSecret.trim() && { appSecret: appSecret.trim() }),
    },
  };
}

const orNull = (value: number | '' | null | undefined): number | null =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value);
const orZero = (value: number | null | undefined): number => (value === null || value === undefined ? 0 : Number(value) || 0);

/** The POST/PUT /whatsapp body. */
export function toPayload(values: ConnectionFormValues) {
  return {
    name: values.name.trim(),
    isDefault: Boolean(values.isDefault),
    provider: values.provider || 'beta',
    queueIds: values.queueIds ?? [],
    greetingMessage: values.greetingMessage ?? '',
    complationMessage: values.complationMessage ?? '',
    outOfHoursMessage: values.outOfHoursMessage ?? '',
    ratingMessage: values.ratingMessage ?? '',
    expiresInactiveMessage: values.expiresInactiveMessage ?? '',
    expiresTicket: orZero(values.expiresTicket),
    timeUseBotQueues: orZero(values.timeUseBotQueues),
    maxUseBotQueues: orZero(values.maxUseBotQueues),
    timeToTransfer: orNull(values.timeToTransfer),
    transferQueueId: orNull(values.transferQueueId),
    promptId: orNull(values.promptId),
    ...cloudPayload(values),
  };
}
