import { Injectable, Optional } from '@nestjs/common';
import { OutboundUrlPolicy } from './outbound-url-policy.js';
import { httpFailure, isObject, MB, parseJson, post } from './http.js';
import { renderRichText } from './typebot-rich-text.js';

export type TypebotMessage = { kind: 'text'; text: string } | { kind: 'media'; url: string; mediaType: 'image' | 'video' | 'audio' | 'document' };

export interface TypebotReply {
  sessionId: string;
  messages: TypebotMessage[];
  /** no input block follows: the flow is over */
  ended: boolean;
}

const LABEL = 'Typebot';
const TIMEOUT_MS = 15_000;
/** A turn's bubbles (rich text, media links): 2 MB is far above any real flow. */
const MAX_BYTES = 2 * MB;
const MEDIA_BUBBLES: Record<string, 'image' | 'video' | 'audio' | 'document'> = { image: 'image', video: 'video', audio: 'audio', embed: 'document' };

/** Typebot v6 chat API (public bots, no token): a session per conversation, bubbles rendered for WhatsApp. */
@Injectable()
export class TypebotClient {
  /** Absent when built by hand (unit tests): no address policy. */
  constructor(@Optional() private readonly policy?: OutboundUrlPolicy) {}

  async startChat(input: { baseUrl: string; slug: string; message?: string; variables: Record<string, string> }): Promise<TypebotReply> {
    const url = `${trimSlash(input.baseUrl)}/api/v1/typebots/${encodeURIComponent(input.slug)}/startChat`;
    const body = {
      // A plain string is read as a text message by every v6 server version.
      ...(input.message ? { message: input.message } : {}),
      isStreamEnabled: false,
      prefilledVariables: input.variables,
      textBubbleContentFormat: 'richText',
    };
    const answer = await call(url, body, this.policy);
    if (typeof answer.sessionId !== 'string' || !answer.sessionId) throw new Error(`${LABEL} answered without a sessionId`);
    return toReply(answer.sessionId, answer);
  }

  async continueChat(input: { baseUrl: string; sessionId: string; message: string }): Promise<TypebotReply> {
    const url = `${trimSlash(input.baseUrl)}/api/v1/sessions/${encodeURIComponent(input.sessionId)}/continueChat`;
    const answer = await call(url, { message: input.message, textBubbleContentFormat: 'richText' }, this.policy);
    return toReply(input.sessionId, answer);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function call(url: string, body: unknown, guard?: OutboundUrlPolicy): Promise<Record<string, unknown>> {
  const { status, text } = await post(url, body, { label: LABEL, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES, guard });
  if (status < 200 || status >= 300) throw httpFailure(LABEL, status, text);
  const json = parseJson(text);
  if (!isObject(json)) throw new Error(`${LABEL} answered ${status} with a body that is not a JSON object`);
  return json;
}

function toReply(sessionId: string, answer: Record<string, unknown>): TypebotReply {
  const bubbles = Array.isArray(answer.messages) ? answer.messages : [];
  return { sessionId, messages: bubbles.flatMap(toMessage), ended: !answer.input };
}

function toMessage(bubble: unknown): TypebotMessage[] {
  if (!isObject(bubble) || !isObject(bubble.content) || typeof bubble.type !== 'string') return [];
  const { content } = bubble;
  if (bubble.type === 'text') {
    const text =
      content.type === 'markdown' && typeof content.markdown === 'string'
        ? content.markdown.replace(/\*\*(.+?)\*\*/g, '*$1*').replace(/~~(.+?)~~/g, '~$1~')
        : renderRichText(content.richText);
    return text ? [{ kind: 'text', text }] : [];
  }
  const mediaType = MEDIA_BUBBLES[bubble.type];
  // YouTube/Vimeo/... videos are pages, not files: WhatsApp gets the link.
  if (mediaType === 'video' && typeof content.type === 'string' && content.type !== 'url' && typeof content.url === 'string') {
    return [{ kind: 'text', text: content.url }];
  }
  return mediaType && typeof content.url === 'string' && content.url ? [{ kind: 'media', url: content.url, mediaType }] : [];
}
