import { isJidBroadcast, isJidGroup, isJidNewsletter, isLidUser, isPnUser, jidDecode, type WAMessageKey } from '@whiskeysockets/baileys';
import { jidFor, normaliseNumber } from '../numbers.js';

/** The user part of a jid without device or agent suffix (`5511…:3@s.whatsapp.net` → `5511…`). */
export function userOf(jid: string | null | undefined): string {
  return jidDecode(jid ?? undefined)?.user ?? '';
}

/**
 * The jid that identifies the customer of a one-to-one chat. Chats addressed by LID carry the phone-number jid in
 * `remoteJidAlt`, but only for inbound stanzas: on our own messages the alternate is our own number.
 */
export function customerJid(key: WAMessageKey): string {
  const jid = key.remoteJid ?? '';
  if (!key.fromMe && isLidUser(jid) && isPnUser(key.remoteJidAlt)) return key.remoteJidAlt as string;
  return jid;
}

/** Callers pass either a jid or a phone number in any format. */
export function toJid(to: string): string {
  return to.includes('@') ? to : jidFor(normaliseNumber(to));
}

export const isGroupJid = (jid: string | null | undefined): boolean => Boolean(isJidGroup(jid ?? undefined));

/** Stanzas that are not a conversation with a customer: status updates, broadcast lists, channels. */
export const isIgnoredChat = (jid: string): boolean => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid));
