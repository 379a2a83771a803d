import {
  normalizeMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type MessageUserReceiptUpdate,
  type WAMessage,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { isIgnoredChat } from './jids.js';
import { dateFromSeconds, textOf } from './message-content.js';

/** A change to a message that already exists: delivery state, new text, or deletion for everyone. */
export type MessageChange =
  | { kind: 'ack'; providerId: string; ack: number }
  | { kind: 'edit'; providerId: string; body: string; editedAt: Date }
  | { kind: 'revoke'; providerId: string };

const ProtocolType = proto.Message.ProtocolMessage.Type;

/** Edits and revokes arrive as protocol messages naming the message they change. */
export function changeFromProtocolMessage(msg: WAMessage): MessageChange | null {
  if (!msg.key.remoteJid || isIgnoredChat(msg.key.remoteJid)) return null;
  const protocol = normalizeMessageContent(msg.message)?.protocolMessage;
  const target = protocol?.key?.id;
  if (!protocol || !target) return null;
  if (protocol.type === ProtocolType.REVOKE) return { kind: 'revoke', providerId: target };
  if (protocol.type === ProtocolType.MESSAGE_EDIT) {
    const editedAt = protocol.timestampMs ? new Date(toNumber(protocol.timestampMs)) : dateFromSeconds(msg.messageTimestamp);
    return { kind: 'edit', providerId: target, body: textOf(protocol.editedMessage), editedAt };
  }
  return null;
}

/**
 * `messages.update` carries delivery status (Baileys' status numbers 0..5 are the port's ack values) and, once
 * Baileys has processed a protocol message, the edit or the revoke stub of the target message.
 */
export function changesFromUpdate({ key, update }: WAMessageUpdate): MessageChange[] {
  const providerId = key.id;
  if (!providerId) return [];
  const changes: MessageChange[] = [];
  if (typeof update.status === 'number') changes.push({ kind: 'ack', providerId, ack: update.status });
  if (update.messageStubType === WAMessageStubType.REVOKE) changes.push({ kind: 'revoke', providerId });
  const edited = update.message?.editedMessage?.message;
  if (edited) changes.push({ kind: 'edit', providerId, body: textOf(edited), editedAt: dateFromSeconds(update.messageTimestamp) });
  return changes;
}

function receiptAck(receipt: MessageUserReceiptUpdate['receipt']): number | null {
  if (receipt.playedTimestamp) return proto.WebMessageInfo.Status.PLAYED;
  if (receipt.readTimestamp) return proto.WebMessageInfo.Status.READ;
  if (receipt.receiptTimestamp) return proto.WebMessageInfo.Status.DELIVERY_ACK;
  return null;
}

/** Per-user receipts (groups, own devices): played and read become acks 5 and 4, delivery 3. */
export function ackFromReceipt({ key, receipt }: MessageUserReceiptUpdate): MessageChange | null {
  const ack = receiptAck(receipt);
  return key.id && ack !== null ? { kind: 'ack', providerId: key.id, ack } : null;
}
