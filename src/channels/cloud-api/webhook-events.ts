import { appError } from '../../common/errors/app-error.js';
import type { CloudStatus } from './cloud-api-types.js';
import { type CloudInboundMessage, type MapperLimits, mapCloudMessage } from './cloud-message-mapper.js';
import { arrayAt, badPayload, idAt, isObject, type Json, objectAt, secondsAt, textAt } from './payload-reader.js';

/**
 * The port's ack levels (Baileys' WebMessageInfo.Status numbers, which the message rows store): ERROR 0,
 * SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5. Stored acks only rise, so a failure (0) changes no row by itself:
 * the caller records the status's `error`.
 */
export const CLOUD_ACK: Readonly<Record<CloudStatus, number>> = { failed: 0, sent: 2, delivered: 3, read: 4, played: 5 };

export interface CloudStatusEvent {
  kind: 'status';
  phoneNumberId: string;
  /** The wamid of the business's message. */
  providerId: string;
  ack: number;
  status: CloudStatus;
  /** The customer's number. */
  recipient: string;
  at: Date;
  /** The send's biz_opaque_callback_data. */
  bizOpaque: string | null;
  error?: { code: number; title: string; details: string | null };
}

export interface CloudMessageEvent {
  kind: 'message';
  phoneNumberId: string;
  message: CloudInboundMessage;
}

export type CloudWebhookEvent = CloudMessageEvent | CloudStatusEvent;

/**
 * A webhook body is refused (413) past this size before it is read further: Meta's payloads carry a few events and
 * stay within a few kilobytes (its batches, up to 1,000 events, within some hundreds).
 */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface WebhookLimits extends MapperLimits {
  /** The raw body (parseWebhookBody); the HTTP route reads no more than WEBHOOK_BODY_LIMIT. */
  maxBytes: number;
  maxEntries: number;
  maxChangesPerEntry: number;
  /** Messages and statuses of the whole payload together (and contacts per change). */
  maxItems: number;
}

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = {
  maxBytes: WEBHOOK_BODY_LIMIT,
  maxEntries: 100,
  maxChangesPerEntry: 100,
  maxItems: 1000,
  maxStringLength: 65_536,
  maxSharedContacts: 20,
};

const STATUSES = new Set<string>(Object.keys(CLOUD_ACK));

function statusError(raw: unknown): CloudStatusEvent['error'] {
  const first = Array.isArray(raw) ? raw[0] : undefined;
  if (!isObject(first) || typeof first.code !== 'number') return undefined;
  const data = isObject(first.error_data) ? first.error_data : {};
  return { code: first.code, title: textAt(first.title, 500) ?? textAt(first.message, 500) ?? '', details: textAt(data.details, 1000) };
}

/** One `statuses[]` element; null for a status this project does not track (Meta adds some from time to time). */
function statusEvent(raw: unknown, path: string, phoneNumberId: string): CloudStatusEvent | null {
  const s = objectAt(raw, path);
  const status = textAt(s.status, 32);
  if (status === null || !STATUSES.has(status)) return null;
  const error = statusError(s.errors);
  return {
    kind: 'status',
    phoneNumberId,
    providerId: idAt(s.id, `${path}.id`),
    ack: CLOUD_ACK[status as CloudStatus],
    status: status as CloudStatus,
    recipient: idAt(s.recipient_id, `${path}.recipient_id`, 64),
    at: secondsAt(s.timestamp, `${path}.timestamp`),
    bizOpaque: textAt(s.biz_opaque_callback_data, 512),
    ...(error ? { error } : {}),
  };
}

/** Profile names by wa_id, for the push name of each message. */
function namesOf(contacts: unknown[], path: string): Map<string, string> {
  const names = new Map<string, string>();
  contacts.forEach((raw, index) => {
    const contact = objectAt(raw, `${path}[${index}]`);
    const name = isObject(contact.profile) ? textAt(contact.profile.name, 256) : null;
    if (typeof contact.wa_id === 'string' && name) names.set(contact.wa_id, name);
  });
  return names;
}

function changeEvents(value: Json, path: string, limits: WebhookLimits, budget: { left: number }): CloudWebhookEvent[] {
  const metadata = objectAt(value.metadata, `${path}.metadata`);
  const phoneNumberId = idAt(metadata.phone_number_id, `${path}.metadata.phone_number_id`, 64);
  const contacts = arrayAt(value.contacts, `${path}.contacts`, limits.maxItems);
  const messages = arrayAt(value.messages, `${path}.messages`, limits.maxItems);
  const statuses = arrayAt(value.statuses, `${path}.statuses`, limits.maxItems);
  budget.left -= messages.length + statuses.length;
  if (budget.left < 0) throw badPayload('entry', `more than ${limits.maxItems} messages and statuses`);
  const names = namesOf(contacts, `${path}.contacts`);
  const events: CloudWebhookEvent[] = messages.map((raw, index) => {
    const from = isObject(raw) && typeof raw.from === 'string' ? raw.from : '';
    // One sender per change in practice; a lone contact names it even when its wa_id was normalised differently.
    const pushName = names.get(from) ?? (names.size === 1 ? [...names.values()][0]! : null);
    return { kind: 'message', phoneNumberId, message: mapCloudMessage(raw, `${path}.messages[${index}]`, pushName, limits) };
  });
  statuses.forEach((raw, index) => {
    const event = statusEvent(raw, `${path}.statuses[${index}]`, phoneNumberId);
    if (event) events.push(event);
  });
  return events;
}

/**
 * The events of one webhook POST, in payload order, each naming the business number it is for. Changes of other
 * fields (template status, account updates) and change-level `errors` are left out; unknown message kinds become a
 * placeholder text. A payload that is not Meta's shape, or is over a budget, is ERR_CLOUD_BAD_PAYLOAD.
 */
export function parseWebhook(body: unknown, limits: Partial<WebhookLimits> = {}): CloudWebhookEvent[] {
  const budgets = { ...DEFAULT_WEBHOOK_LIMITS, ...limits };
  const payload = objectAt(body, 'payload');
  if (payload.object !== 'whatsapp_business_account') throw badPayload('object', 'expected "whatsapp_business_account"');
  const entries = arrayAt(payload.entry, 'entry', budgets.maxEntries);
  const budget = { left: budgets.maxItems };
  const events: CloudWebhookEvent[] = [];
  entries.forEach((rawEntry, e) => {
    const entry = objectAt(rawEntry, `entry[${e}]`);
    const changes = arrayAt(entry.changes, `entry[${e}].changes`, budgets.maxChangesPerEntry);
    changes.forEach((rawChange, c) => {
      const path = `entry[${e}].changes[${c}]`;
      const change = objectAt(rawChange, path);
      if (change.field !== 'messages') return;
      events.push(...changeEvents(objectAt(change.value, `${path}.value`), `${path}.value`, budgets, budget));
    });
  });
  return events;
}

/** Meta's payloads nest about ten levels deep; a body nested deeper is refused before JSON.parse builds it. */
export const WEBHOOK_MAX_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in JSON text (strings skipped), stopping once past `max`. */
export function jsonDepth(raw: Buffer, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      deepest = Math.max(deepest, depth);
      if (deepest > max) return deepest;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return deepest;
}

/** parseWebhook on the raw bytes of the request (after verifyWebhookSignature): size and depth first, then JSON. */
export function parseWebhookBody(raw: Buffer, limits: Partial<WebhookLimits> = {}): CloudWebhookEvent[] {
  const maxBytes = limits.maxBytes ?? DEFAULT_WEBHOOK_LIMITS.maxBytes;
  if (raw.length > maxBytes) throw appError('ERR_PAYLOAD_TOO_LARGE', `Webhook body of ${raw.length} bytes is over ${maxBytes}`);
  if (jsonDepth(raw, WEBHOOK_MAX_DEPTH) > WEBHOOK_MAX_DEPTH) throw badPayload('payload', `nested more than ${WEBHOOK_MAX_DEPTH} levels`);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badPayload('payload', 'not JSON');
  }
  return parseWebhook(body, limits);
}
