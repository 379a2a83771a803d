import type { AnyMessageContent, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { MessageKeyRef, OutgoingMedia, SendOptions } from '../channel-provider.js';

export function toMessageKey(ref: MessageKeyRef): WAMessageKey {
  return { id: ref.providerId, remoteJid: ref.remoteJid, fromMe: ref.fromMe, participant: ref.participant ?? undefined };
}

/** Baileys only needs the key and a text to render the quote block on the customer's phone. */
export function quotedMessage(quoted: SendOptions['quoted']): WAMessage | undefined {
  if (!quoted) return undefined;
  return { key: toMessageKey(quoted), message: { conversation: quoted.body ?? '' } };
}

/** The WhatsApp message kind follows the mimetype; anything not image, video or audio travels as a document. */
export function mediaContent(media: OutgoingMedia): AnyMessageContent {
  const { buffer, mimetype, fileName, caption } = media;
  if (mimetype.startsWith('image/')) return { image: buffer, mimetype, caption };
  if (mimetype.startsWith('video/')) return { video: buffer, mimetype, caption };
  if (mimetype.startsWith('audio/')) return { audio: buffer, mimetype, ptt: Boolean(media.ptt), ...(media.seconds != null && { seconds: media.seconds }) };
  return { document: buffer, mimetype, fileName, caption };
}
