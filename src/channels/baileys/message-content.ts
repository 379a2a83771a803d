import { getContentType, toNumber, type proto } from '@whiskeysockets/baileys';

type Long = NonNullable<proto.IWebMessageInfo['messageTimestamp']>;

/** Baileys timestamps are seconds as a number or a protobuf Long. */
export function dateFromSeconds(seconds: number | Long | null | undefined): Date {
  const value = toNumber(seconds);
  return value ? new Date(value * 1000) : new Date();
}

export const sizeOf = (length: number | Long | null | undefined): number | null => (length == null ? null : toNumber(length));

/** The text a person typed, whatever message kind carries it (used for edits too). */
export function textOf(message: proto.IMessage | null | undefined): string {
  if (!message) return '';
  return (
    message.conversation ||
    message.extendedTextMessage?.text ||
    message.imageMessage?.caption ||
    message.videoMessage?.caption ||
    message.documentMessage?.caption ||
    ''
  );
}

/** Every content kind carries its own contextInfo; a reply names the quoted message in `stanzaId`. */
export function quotedIdOf(message: proto.IMessage): string | null {
  const type = getContentType(message);
  if (!type) return null;
  const inner = message[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  return (typeof inner === 'object' && inner?.contextInfo?.stanzaId) || null;
}
