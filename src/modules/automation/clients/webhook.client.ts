import { Injectable, Optional } from '@nestjs/common';
import { OutboundUrlPolicy } from './outbound-url-policy.js';
import { httpFailure, isObject, MB, parseJson, post } from './http.js';

/** The JSON event n8n and webhook integrations receive for each customer message (server-behaviour §5.6). */
export interface IntegrationEvent {
  event: 'message.received';
  company: { id: number };
  connection: { id: number; name: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null; protocol: string };
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string; mediaUrl: string | null; fromMe: boolean; createdAt: string };
}

const LABEL = 'Webhook';
const TIMEOUT_MS = 10_000;
/** Replies are a few texts: a bigger answer is a mistake (or an attack), not a reply. */
const MAX_BYTES = 1 * MB;

/** Used for both n8n and webhook integrations. */
@Injectable()
export class WebhookClient {
  /** Absent when built by hand (unit tests): no address policy. */
  constructor(@Optional() private readonly policy?: OutboundUrlPolicy) {}

  /** POSTs the event as JSON (10 s for the whole exchange, answers up to 1 MB); returns the texts to send back, from a response body `{ "messages": [ "text" | { "text": "..." } ] }` or `{ "reply": "text" }`; [] for anything else (including empty or non-JSON bodies). */
  async deliver(url: string, event: IntegrationEvent): Promise<string[]> {
    const { status, text } = await post(url, event, { label: LABEL, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, guard: this.policy });
    if (status < 200 || status >= 300) throw httpFailure(LABEL, status, text);
    return repliesOf(parseJson(text));
  }
}

export function repliesOf(body: unknown): string[] {
  if (!isObject(body)) return [];
  if (Array.isArray(body.messages)) {
    return body.messages
      .map((item: unknown) => (typeof item === 'string' ? item : isObject(item) && typeof item.text === 'string' ? item.text : ''))
      .filter((reply) => reply.trim() !== '');
  }
  return typeof body.reply === 'string' && body.reply.trim() !== '' ? [body.reply] : [];
}
