import { isLidUser, jidNormalizedUser, type WACallEvent } from '@whiskeysockets/baileys';
import type { InboundCall } from '../channel-provider.js';
import { toJid } from './jids.js';

/** Calls from LID-addressed callers carry the phone-number jid in `callerPn`. */
export function mapCall(call: WACallEvent): InboundCall {
  const from = isLidUser(call.from) && call.callerPn ? toJid(call.callerPn) : call.from;
  return {
    callId: call.id,
    from: jidNormalizedUser(from),
    isVideo: Boolean(call.isVideo),
    isGroup: Boolean(call.isGroup),
    timestamp: call.date,
  };
}
