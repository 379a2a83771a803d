/**
 * The one line a ticket row, a kanban card, a notification or the tab title shows for a message.
 *
 * The server never localises (ARCHITECTURE §3): it stores the neutral `MessagePreview` of a ticket's last message
 * (`messagePreview`, in `tickets.last_message_preview`) and each browser renders it in its language with
 * `previewText` and the words of its i18n catalog (`tickets.preview.*`).
 */

export type MessagePreviewKind = 'text' | 'image' | 'video' | 'audio' | 'document' | 'sticker' | 'location' | 'contact' | 'deleted' | 'call';

export interface MessagePreview {
  kind: MessagePreviewKind;
  /** Text, caption, file name, contact name, place name or call text; formatting already stripped. */
  text?: string;
  /** Audio length in whole seconds, when the provider said it. */
  seconds?: number;
}

/** The fields of a message the preview depends on. */
export interface PreviewSource {
  mediaType: string;
  body: string;
  mediaName?: string | null;
  isDeleted?: boolean;
  seconds?: number | null;
}

/** The words a preview needs, in the reader's language. */
export interface PreviewTexts {
  photo: string;
  video: string;
  audio: string;
  document: string;
  sticker: string;
  location: string;
  contact: string;
  deleted: string;
}

/** The longest text a stored preview keeps. */
export const PREVIEW_MAX_LENGTH = 200;

/** Removes WhatsApp's *bold*, _italic_, ~strike~ and ```mono``` markers (and inline `code`), keeping the words. */
export function stripWhatsAppFormatting(text: string): string {
  return text
    .replace(/```([\s\S]*?)```/g, '$1')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]*?[^\s*])\*(?=$|[^\w*])/g, '$1$2')
    .replace(/(^|[^\w_])_(?!\s)([^_\n]*?[^\s_])_(?=$|[^\w_])/g, '$1$2')
    .replace(/(^|[^\w~])~(?!\s)([^~\n]*?[^\s~])~(?=$|[^\w~])/g, '$1$2');
}

/** One line: formatting stripped, whitespace collapsed, cut at the stored length. */
function line(text: string): string {
  const flat = stripWhatsAppFormatting(text).replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX_LENGTH ? `${flat.slice(0, PREVIEW_MAX_LENGTH - 1)}…` : flat;
}

/** The first formatted name of a vCard (FN, else N), unescaped. */
export function vcardName(vcard: string): string {
  const field = (name: string) => vcard.match(new RegExp(`^${name}(?:;[^:\\n]*)?:(.*)$`, 'mi'))?.[1]?.trim();
  const fn = field('FN');
  if (fn) return fn.replace(/\\([,;\\])/g, '$1');
  const n = field('N');
  return n ? n.split(';').filter(Boolean).reverse().join(' ').trim() : '';
}

function withText(kind: MessagePreviewKind, text: string | null | undefined): MessagePreview {
  const value = text ? line(text) : '';
  return value ? { kind, text: value } : { kind };
}

/** The neutral preview of a message, the same on server and browser. */
export function messagePreview(message: PreviewSource): MessagePreview {
  if (message.isDeleted) return { kind: 'deleted' };
  const body = message.body ?? '';
  switch (message.mediaType) {
    case 'image':
      return withText('image', body);
    case 'video':
      return withText('video', body);
    case 'audio': {
      const seconds = message.seconds != null && message.seconds >= 0 ? Math.round(message.seconds) : null;
      return seconds === null ? { kind: 'audio' } : { kind: 'audio', seconds };
    }
    case 'application':
    case 'document':
      return withText('document', body || message.mediaName);
    case 'sticker':
      return { kind: 'sticker' };
    case 'locationMessage': {
      // The body is "lat,lng" then the place's name and address, one per line.
      const [, ...details] = body.split('\n');
      return withText(
        'location',
        details.find((detail) => detail.trim()),
      );
    }
    case 'contactMessage':
    case 'vcard':
      return withText('contact', vcardName(body));
    case 'call_log':
      return withText('call', body);
    default:
      return withText('text', body);
  }
}

/** m:ss of a duration in seconds. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The line shown for a preview, in the reader's language. */
export function previewText(preview: MessagePreview, texts: PreviewTexts): string {
  const text = preview.text ?? '';
  switch (preview.kind) {
    case 'image':
      return `📷 ${text || texts.photo}`;
    case 'video':
      return `🎥 ${text || texts.video}`;
    case 'audio':
      return preview.seconds != null ? `🎤 ${texts.audio} (${formatDuration(preview.seconds)})` : `🎤 ${texts.audio}`;
    case 'document':
      return `📄 ${text || texts.document}`;
    case 'sticker':
      return texts.sticker;
    case 'location':
      return text ? `📍 ${texts.location}: ${text}` : `📍 ${texts.location}`;
    case 'contact':
      return text ? `📇 ${texts.contact}: ${text}` : `📇 ${texts.contact}`;
    case 'deleted':
      return texts.deleted;
    case 'call':
      return `📞 ${text}`;
    default:
      return text;
  }
}

/**
 * The line for a ticket: its stored preview, else (tickets written before previews existed, or by an older server)
 * its raw last message read as text.
 */
export function ticketPreviewText(ticket: { lastMessagePreview?: MessagePreview | null; lastMessage?: string | null }, texts: PreviewTexts): string {
  if (ticket.lastMessagePreview) return previewText(ticket.lastMessagePreview, texts);
  return ticket.lastMessage ? previewText(messagePreview({ mediaType: 'chat', body: ticket.lastMessage }), texts) : '';
}
