import type { ConnectionResponse } from '../../../../src/shared/api-types';

export const CONNECTION_STATUSES = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses that need the admin's attention (menu badge). */
export const NEEDS_ATTENTION: readonly string[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export interface QueueOption {
  id: number;
  name: string;
  color?: string;
}

/** A connection as GET /whatsapp answers it, with its status narrowed and the live pairing code. */
export interface Connection extends Omit<ConnectionResponse, 'status'> {
  status: ConnectionStatus;
  pairingCode?: string | null;
}

/** The fields of a session update (`company-{id}-whatsappSession`). */
export type ConnectionSession = Pick<Connection, 'id' | 'name' | 'status' | 'qrcode' | 'retries' | 'phoneNumber' | 'disconnectReason' | 'updatedAt'> & {
  pairingCode?: string | null;
};

export interface SessionEvent {
  action: 'update';
  session: ConnectionSession;
}

/** The connection dialog's fields; '' stands for "none" in the optional selects and numbers. */
export interface ConnectionFormValues {
  name: string;
  /** Shown, never sent: the last characters of the current external-API token. */
  tokenHint: string | null;
  isDefault: boolean;
  provider: string;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | '' | null;
  transferQueueId: number | '' | null;
  promptId: number | '' | null;
  /** A Cloud API connection's settings; the secrets are typed in, never read back ('' keeps the stored ones). */
  cloud: { phoneNumberId: string; businessAccountId: string; accessToken: string; appSecret: string };
  /** Shown, never sent: the saved Cloud API settings (webhook path, verify token, hints). */
  cloudSaved: Connection['cloud'];
}
