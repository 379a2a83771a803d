import { normalizeMessageContent, type proto, type WAMessage } from '@whiskeysockets/baileys';
import type { InboundCall, InboundMedia, InboundMediaType, InboundMessage } from '../channel-provider.js';
import { customerJid, isGroupJid, isIgnoredChat, userOf } from './jids.js';
import { dateFromSeconds, quotedIdOf, sizeOf } from './message-content.js';

export type MediaDownloader = (msg: WAMessage) => Promise<Buffer>;

interface Content {
  mediaType: InboundMediaType;
  body: string;
  media?: InboundMedia | null;
  reactionTo?: string | null;
}

interface MediaFields {
  mimetype?: string | null;
  fileLength?: proto.Message.IImageMessage['fileLength'];
}

function media(
  mediaType: InboundMediaType,
  fields: MediaFields,
  fallbackMimetype: string,
  body: string,
  download: () => Promise<Buffer>,
  fileName: string | null = null,
): Content {
  return {
    mediaType,
    body,
    media: { mimetype: fields.mimetype || fallbackMimetype, fileName, size: sizeOf(fields.fileLength), download },
  };
}

function location(lat: number | null | undefined, lng: number | null | undefined, ...details: (string | null | undefined)[]): Content {
  const body = [`${lat ?? 0},${lng ?? 0}`, ...details.filter(Boolean)].join('\n');
  return { mediaType: 'locationMessage', body };
}

/** The kind and body of a normalised message, or null for protocol messages and kinds the help desk does not show. */
function contentOf(m: proto.IMessage, download: () => Promise<Buffer>): Content | null {
  if (m.conversation) return { mediaType: 'chat', body: m.conversation };
  if (m.extendedTextMessage?.text) return { mediaType: 'chat', body: m.extendedTextMessage.text };
  if (m.imageMessage) return media('image', m.imageMessage, 'image/jpeg', m.imageMessage.caption ?? '', download);
  if (m.videoMessage) return media('video', m.videoMessage, 'video/mp4', m.videoMessage.caption ?? '', download);
  if (m.audioMessage) {
    const audio = media('audio', m.audioMessage, 'audio/ogg; codecs=opus', '', download);
    const seconds = m.audioMessage.seconds;
    return { ...audio, media: { ...audio.media!, seconds: seconds != null && seconds >= 0 ? seconds : null, voiceNote: Boolean(m.audioMessage.ptt) } };
  }
  if (m.documentMessage) {
    const { caption, fileName } = m.documentMessage;
    return media('application', m.documentMessage, 'application/octet-stream', caption || fileName || '', download, fileName ?? null);
  }
  if (m.stickerMessage) return media('sticker', m.stickerMessage, 'image/webp', '', download);
  if (m.locationMessage) {
    const l = m.locationMessage;
    return location(l.degreesLatitude, l.degreesLongitude, l.name, l.address);
  }
  if (m.liveLocationMessage) {
    const l = m.liveLocationMessage;
    return location(l.degreesLatitude, l.degreesLongitude, l.caption);
  }
  if (m.contactMessage) return { mediaType: 'contactMessage', body: m.contactMessage.vcard ?? '' };
  if (m.contactsArrayMessage) {
    const cards = (m.contactsArrayMessage.contacts ?? []).map((c) => c.vcard).filter(Boolean);
    return { mediaType: 'vcard', body: cards.join('\n') };
  }
  if (m.reactionMessage) return { mediaType: 'reactionMessage', body: m.reactionMessage.text ?? '', reactionTo: m.reactionMessage.key?.id ?? null };
  // Answers to bot menus arrive as button or list replies; the bot reads them as text.
  const reply =
    m.buttonsResponseMessage?.selectedDisplayText ||
    m.templateButtonReplyMessage?.selectedDisplayText ||
    m.listResponseMessage?.title ||
    m.listResponseMessage?.singleSelectReply?.selectedRowId;
  if (reply) return { mediaType: 'chat', body: reply };
  return null;
}

/**
 * Turns one Baileys message into the port's inbound message. Returns null for status broadcasts, system stubs,
 * protocol messages (edits and revokes are routed separately) and messages without content.
 */
export function mapBaileysMessage(msg: WAMessage, download: MediaDownloader): InboundMessage | null {
  const { key } = msg;
  if (!key.id || !key.remoteJid || isIgnoredChat(key.remoteJid) || msg.messageStubType) return null;
  const message = normalizeMessageContent(msg.message);
  if (!message) return null;
  const content = contentOf(message, () => download(msg));
  if (!content) return null;

  const isGroup = isGroupJid(key.remoteJid);
  const pushName = key.fromMe ? null : (msg.pushName ?? null);
  return {
    providerId: key.id,
    remoteJid: key.remoteJid,
    fromMe: Boolean(key.fromMe),
    isGroup,
    contactNumber: userOf(isGroup ? key.remoteJid : customerJid(key)),
    pushName,
    participant: isGroup ? (key.participant ?? null) : null,
    senderName: isGroup ? pushName : null,
    timestamp: dateFromSeconds(msg.messageTimestamp),
    mediaType: content.mediaType,
    body: content.body,
    media: content.media ?? null,
    quotedProviderId: quotedIdOf(message),
    reactionTo: content.reactionTo ?? null,
  };
}

/** A missed call as a message of the conversation, for pipelines that log calls in the ticket. */
export function mapCallToLog(call: InboundCall): InboundMessage {
  return {
    providerId: call.callId,
    remoteJid: call.from,
    fromMe: false,
    isGroup: call.isGroup,
    contactNumber: userOf(call.from),
    timestamp: call.timestamp,
    mediaType: 'call_log',
    body: call.isVideo ? 'Chamada de vídeo perdida' : 'Chamada de voz perdida',
  };
}
