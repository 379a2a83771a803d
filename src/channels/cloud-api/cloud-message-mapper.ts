import type { InboundMediaType, InboundMessage } from '../channel-provider.js';
import { jidFor, normaliseNumber } from '../numbers.js';
import { arrayAt, badPayload, coordinateAt, idAt, isObject, type Json, objectAt, secondsAt, textAt } from './payload-reader.js';

/** An inbound file as the webhook describes it; the caller downloads it by id (GraphApiClient.downloadMedia). */
export interface CloudInboundMedia {
  mediaId: string;
  mimetype: string;
  fileName: string | null;
  voiceNote: boolean;
  sha256: string | null;
}

/** The port's inbound message, its media still to be fetched. */
export type CloudInboundMessage = Omit<InboundMessage, 'media'> & { media: CloudInboundMedia | null };

export interface MapperLimits {
  maxStringLength: number;
  /** Shared contacts shown per message: the rest is left out. */
  maxSharedContacts: number;
}

interface Content {
  mediaType: InboundMediaType;
  body: string;
  media?: CloudInboundMedia | null;
  reactionTo?: string | null;
}

const MEDIA_TYPES = { image: 'image', video: 'video', audio: 'audio', document: 'application', sticker: 'sticker' } as const;
const FALLBACK_MIMETYPES = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  document: 'application/octet-stream',
  sticker: 'image/webp',
} as const;

/** What the attendant reads for kinds the help desk cannot show (orders, polls, system notices...). */
export const unsupportedBody = (type: string): string => `[Mensagem do tipo "${type}" não suportada pela Cloud API]`;

function mediaContent(kind: keyof typeof MEDIA_TYPES, raw: unknown, path: string, limits: MapperLimits): Content {
  const m = objectAt(raw, path);
  const caption = textAt(m.caption, limits.maxStringLength) ?? '';
  const fileName = kind === 'document' ? textAt(m.filename, 255) : null;
  const media: CloudInboundMedia = {
    mediaId: idAt(m.id, `${path}.id`),
    mimetype: textAt(m.mime_type, 255) || FALLBACK_MIMETYPES[kind],
    fileName,
    voiceNote: kind === 'audio' && m.voice === true,
    sha256: textAt(m.sha256, 128),
  };
  // As the Baileys mapper does: a document without caption shows its file name; audio and stickers have no text.
  const body = kind === 'document' ? caption || fileName || '' : kind === 'audio' || kind === 'sticker' ? '' : caption;
  return { mediaType: MEDIA_TYPES[kind], body, media };
}

const MAX_PHONES_PER_CONTACT = 10;

/** A vCard value on one line, with the separators vCard reserves escaped. */
const vcardValue = (value: string): string => value.replace(/[\r\n]+/g, ' ').replace(/([\\;,])/g, '\\$1');

/** Cloud API sends shared contacts as fields; the project stores and draws them as vCards, as WhatsApp Web sends them. */
function vcardOf(contact: Json): string | null {
  const name = isObject(contact.name) ? contact.name : {};
  const formatted = textAt(name.formatted_name, 256) ?? '';
  const first = textAt(name.first_name, 256) ?? '';
  const last = textAt(name.last_name, 256) ?? '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${vcardValue(last)};${vcardValue(first)};;;`, `FN:${vcardValue(formatted || `${first} ${last}`.trim())}`];
  const phones = Array.isArray(contact.phones) ? contact.phones.slice(0, MAX_PHONES_PER_CONTACT) : [];
  for (const phone of phones) {
    if (!isObject(phone)) continue;
    const number = textAt(phone.phone, 64) ?? '';
    const waId = normaliseNumber(textAt(phone.wa_id, 64) ?? '');
    const type = vcardValue(textAt(phone.type, 32) || 'CELL');
    if (number || waId) lines.push(`TEL;type=${type}${waId ? `;waid=${waId}` : ''}:${vcardValue(number || `+${waId}`)}`);
  }
  lines.push('END:VCARD');
  return formatted || first || last || phones.length ? lines.join('\n') : null;
}

function contactsContent(raw: unknown, path: string, limits: MapperLimits): Content {
  // Display only: a long list is cut rather than refused.
  const list = Array.isArray(raw) ? raw.slice(0, limits.maxSharedContacts) : arrayAt(raw, path, limits.maxSharedContacts);
  const cards = list.filter(isObject).map((contact) => vcardOf(contact));
  const vcards = cards.filter((card): card is string => card !== null);
  return vcards.length === 1 ? { mediaType: 'contactMessage', body: vcards[0]! } : { mediaType: 'vcard', body: vcards.join('\n') };
}

function interactiveContent(raw: unknown, path: string, limits: MapperLimits): Content {
  const i = objectAt(raw, path);
  // Answers to bot menus are read as text, as with WhatsApp Web: the title the customer tapped.
  const reply = i.type === 'button_reply' ? i.button_reply : i.type === 'list_reply' ? i.list_reply : null;
  if (!isObject(reply)) return { mediaType: 'chat', body: unsupportedBody(`interactive/${textAt(i.type, 64) ?? '?'}`) };
  return { mediaType: 'chat', body: textAt(reply.title, limits.maxStringLength) || textAt(reply.id, limits.maxStringLength) || '' };
}

function contentOf(m: Json, type: string, path: string, limits: MapperLimits): Content {
  switch (type) {
    case 'text':
      return { mediaType: 'chat', body: textAt(objectAt(m.text, `${path}.text`).body, limits.maxStringLength) ?? '' };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return mediaContent(type, m[type], `${path}.${type}`, limits);
    case 'location': {
      const l = objectAt(m.location, `${path}.location`);
      const latitude = coordinateAt(l.latitude, `${path}.location.latitude`, 90);
      const longitude = coordinateAt(l.longitude, `${path}.location.longitude`, 180);
      const details = [textAt(l.name, 1024), textAt(l.address, 1024)].filter(Boolean);
      return { mediaType: 'locationMessage', body: [`${latitude},${longitude}`, ...details].join('\n') };
    }
    case 'contacts':
      return contactsContent(m.contacts, `${path}.contacts`, limits);
    case 'reaction': {
      const r = objectAt(m.reaction, `${path}.reaction`);
      // No emoji: the customer took the reaction back.
      return { mediaType: 'reactionMessage', body: textAt(r.emoji, 64) ?? '', reactionTo: idAt(r.message_id, `${path}.reaction.message_id`) };
    }
    case 'interactive':
      return interactiveContent(m.interactive, `${path}.interactive`, limits);
    case 'button': {
      const b = objectAt(m.button, `${path}.button`);
      return { mediaType: 'chat', body: textAt(b.text, limits.maxStringLength) || textAt(b.payload, limits.maxStringLength) || '' };
    }
    default:
      return { mediaType: 'chat', body: unsupportedBody(type) };
  }
}

/** One `messages[]` element as the port's inbound message; `pushName` comes from the change's `contacts`. */
export function mapCloudMessage(raw: unknown, path: string, pushName: string | null, limits: MapperLimits): CloudInboundMessage {
  const m = objectAt(raw, path);
  const from = normaliseNumber(idAt(m.from, `${path}.from`, 32));
  if (!from) throw badPayload(`${path}.from`, 'expected a phone number');
  const type = idAt(m.type, `${path}.type`, 64);
  const content = contentOf(m, type, path, limits);
  const context = isObject(m.context) ? m.context : null;
  return {
    providerId: idAt(m.id, `${path}.id`),
    remoteJid: jidFor(from),
    fromMe: false,
    isGroup: false,
    contactNumber: from,
    pushName,
    groupName: null,
    participant: null,
    senderName: null,
    timestamp: secondsAt(m.timestamp, `${path}.timestamp`),
    mediaType: content.mediaType,
    body: content.body,
    media: content.media ?? null,
    quotedProviderId: context && typeof context.id === 'string' && context.id !== '' ? idAt(context.id, `${path}.context.id`) : null,
    reactionTo: content.reactionTo ?? null,
  };
}
