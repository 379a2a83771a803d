import { DisconnectReason, type ConnectionState } from '@whiskeysockets/baileys';
import type { CloseInfo } from '../channel-provider.js';

type LastDisconnect = ConnectionState['lastDisconnect'];

/** Codes after which the stored credentials are useless: reconnecting would only fail again. */
const TERMINAL: Record<number, string> = {
  [DisconnectReason.loggedOut]: 'logged out from the phone',
  [DisconnectReason.forbidden]: 'number banned or access forbidden',
  406: 'number banned or not acceptable',
  [DisconnectReason.multideviceMismatch]: 'multi-device not enabled on the phone',
};

const TRANSIENT: Record<number, string> = {
  [DisconnectReason.restartRequired]: 'restart required',
  [DisconnectReason.connectionClosed]: 'connection closed',
  [DisconnectReason.connectionLost]: 'connection lost or timed out',
  [DisconnectReason.connectionReplaced]: 'connection replaced by another session',
  [DisconnectReason.badSession]: 'stream error',
  [DisconnectReason.unavailableService]: 'service unavailable',
};

/** Baileys closes with a Boom error; only its status code matters here. */
function statusCodeOf(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** Tells a logged-out or banned device apart from a close worth reconnecting; the ChannelManager owns the retries. */
export function classifyClose(lastDisconnect: LastDisconnect): CloseInfo {
  const statusCode = statusCodeOf(lastDisconnect?.error);
  if (statusCode === undefined) return { loggedOut: false, reason: lastDisconnect?.error?.message || 'connection closed' };
  const terminal = TERMINAL[statusCode];
  if (terminal) return { loggedOut: true, reason: `${terminal} (${statusCode})`, statusCode };
  const transient = TRANSIENT[statusCode] ?? (statusCode >= 500 ? 'server error' : lastDisconnect?.error?.message || 'connection closed');
  return { loggedOut: false, reason: `${transient} (${statusCode})`, statusCode };
}
