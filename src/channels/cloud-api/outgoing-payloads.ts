import { appError } from '../../common/errors/app-error.js';
import { isReactionText } from '../../shared/emoji.js';
import { normaliseNumber } from '../numbers.js';
import type {
  MediaKind,
  MediaSource,
  OutgoingMedia,
  OutgoingMessage,
  OutgoingMessageOf,
  ReadReceiptPayload,
  TemplateComponent,
  TemplateParameter,
} from './cloud-api-types.js';
import { isPositional, type TemplateParams } from './template-slots.js';

// Bodies of POST /{phone-number-id}/messages, built as Meta documents them. Pure: no I/O. Limits are Meta's, checked
// here so a message that cannot be sent fails before the call rather than as a Graph error 100.

export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;
export const MAX_BIZ_OPAQUE_LENGTH = 512;

export interface ReplyOptions {
  /** The wamid this message answers (shown quoted on the phone). */
  replyTo?: string | null;
  /** Returned in the statuses of this message: the sender's own reference. */
  bizOpaque?: string | null;
}

export interface TextOptions extends ReplyOptions {
  /** Let WhatsApp render a preview of the first link; by default, when the text has one. */
  previewUrl?: boolean;
}

export interface MediaOptions extends ReplyOptions {
  caption?: string | null;
  filename?: string | null;
}

export interface TemplateMessage {
  name: string;
  /** The template's language code as approved (`pt_BR`, `en_US`). */
  language: string;
  /** The values of the header's, the body's and the URL buttons' placeholders (see templateParams). */
  params: TemplateParams;
  /** For templates whose header is an image, a video or a document. */
  headerMedia?: { kind: 'image' | 'video' | 'document' } & MediaSource;
  bizOpaque?: string | null;
}

const refuse = (message: string) => appError('ERR_CLOUD_BAD_PAYLOAD', message);

/** Digits of a number or of a one-to-one jid (`5511…@s.whatsapp.net`, device suffix dropped). */
export function recipientOf(to: string): string {
  if (to.endsWith('@g.us')) throw refuse('Cloud API connections do not send to WhatsApp groups');
  const digits = normaliseNumber(to.split('@')[0]!.split(':')[0]!);
  if (digits.length < 5 || digits.length > 20) throw refuse('The recipient is not a phone number');
  return digits;
}

function envelope(to: string, options: ReplyOptions) {
  const bizOpaque = options.bizOpaque ?? undefined;
  if (bizOpaque !== undefined && bizOpaque.length > MAX_BIZ_OPAQUE_LENGTH) throw refuse(`biz_opaque_callback_data is longer than ${MAX_BIZ_OPAQUE_LENGTH}`);
  return {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to: recipientOf(to),
    ...(options.replyTo ? { context: { message_id: options.replyTo } } : {}),
    ...(bizOpaque !== undefined ? { biz_opaque_callback_data: bizOpaque } : {}),
  };
}

const HAS_LINK = /https?:\/\/\S/i;

export function textPayload(to: string, body: string, options: TextOptions = {}): OutgoingMessageOf<'text'> {
  if (body.trim() === '') throw refuse('A text message needs a body');
  if (body.length > MAX_TEXT_LENGTH) throw refuse(`A text message has at most ${MAX_TEXT_LENGTH} characters`);
  return { ...envelope(to, options), type: 'text', text: { body, preview_url: options.previewUrl ?? HAS_LINK.test(body) } };
}

/** Captions exist on images, videos and documents; file names on documents. */
const CAPTIONED = new Set<MediaKind>(['image', 'video', 'document']);

export function mediaPayload(to: string, kind: MediaKind, source: MediaSource, options: MediaOptions = {}): OutgoingMessage {
  const media: OutgoingMedia = 'id' in source ? { id: source.id } : { link: source.link };
  if (options.caption) {
    if (!CAPTIONED.has(kind)) throw refuse(`A ${kind} cannot have a caption: send the text on its own`);
    if (options.caption.length > MAX_CAPTION_LENGTH) throw refuse(`A caption has at most ${MAX_CAPTION_LENGTH} characters`);
    media.caption = options.caption;
  }
  if (options.filename && kind === 'document') media.filename = options.filename;
  const base = envelope(to, options);
  switch (kind) {
    case 'image':
      return { ...base, type: 'image', image: media };
    case 'video':
      return { ...base, type: 'video', video: media };
    case 'audio':
      return { ...base, type: 'audio', audio: media };
    case 'document':
      return { ...base, type: 'document', document: media };
    case 'sticker':
      return { ...base, type: 'sticker', sticker: media };
  }
}

/** An empty emoji takes the reaction back; anything but one emoji is refused, as Meta would. */
export function reactionPayload(to: string, messageId: string, emoji: string): OutgoingMessageOf<'reaction'> {
  if (!messageId) throw refuse('A reaction names the message it is on');
  if (!isReactionText(emoji)) throw refuse('A reaction is one emoji, or empty to take it back');
  return { ...envelope(to, {}), type: 'reaction', reaction: { message_id: messageId, emoji } };
}

export function readPayload(messageId: string): ReadReceiptPayload {
  return { messaging_product: 'whatsapp', status: 'read', message_id: messageId };
}

export function templatePayload(to: string, message: TemplateMessage): OutgoingMessageOf<'template'> {
  const components: TemplateComponent[] = [];
  const text = ({ name, text: value }: { name: string; text: string }): TemplateParameter =>
    isPositional(name) ? { type: 'text', text: value } : { type: 'text', parameter_name: name, text: value };
  if (message.headerMedia) {
    const { kind, ...rest } = message.headerMedia;
    const source: MediaSource = 'id' in rest ? { id: rest.id } : { link: rest.link };
    const parameter = kind === 'image' ? { type: kind, image: source } : kind === 'video' ? { type: kind, video: source } : { type: kind, document: source };
    components.push({ type: 'header', parameters: [parameter] });
  } else if (message.params.header.length) components.push({ type: 'header', parameters: message.params.header.map(text) });
  if (message.params.body.length) components.push({ type: 'body', parameters: message.params.body.map(text) });
  for (const button of message.params.buttons)
    components.push({ type: 'button', sub_type: 'url', index: String(button.index), parameters: [{ type: 'text', text: button.text }] });
  return {
    ...envelope(to, { bizOpaque: message.bizOpaque }),
    type: 'template',
    template: { name: message.name, language: { code: message.language }, ...(components.length ? { components } : {}) },
  };
}
