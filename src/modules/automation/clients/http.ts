/** Plain JSON-over-HTTP helpers shared by the outbound clients: one deadline, one byte cap, one error wording. */
import { bodyText, boundedRequest, type OutboundGuard, OutboundAnswerError } from '../../../common/http/bounded-fetch.js';
import { OutboundUrlRefused } from '../../../common/http/private-network.js';

export interface HttpAnswer {
  status: number;
  text: string;
}

export interface PostOptions {
  /** Who is being called, for error messages ("Typebot", "Webhook"...). */
  label: string;
  /** For the whole exchange, body included. */
  timeoutMs: number;
  /** The answer is refused past this size ("Webhook answered more than 1 MB"). */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Checks the address and every redirect hop, and dials only the addresses it accepts (OutboundUrlPolicy). */
  guard?: OutboundGuard;
}

export const MB = 1024 * 1024;

const EXCERPT_CHARS = 200;

/** A short, single-line piece of a response body for error messages. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Removes secrets (API keys, tokens) that a provider may echo back in an error body. */
export function redact(text: string, secrets: Array<string | null | undefined>): string {
  return secrets.reduce<string>((out, secret) => (secret && secret.length >= 4 ? out.split(secret).join('***') : out), text);
}

export function httpFailure(label: string, status: number, body: string): Error {
  const detail = excerpt(body);
  return new Error(detail ? `${label} answered ${status}: ${detail}` : `${label} answered ${status}`);
}

/**
 * fetch rejects with a TimeoutError on AbortSignal.timeout and a TypeError whose cause holds the socket error.
 * Read by shape, not instanceof: the errors may come from another realm (undici's, a test VM's).
 */
export function networkFailure(label: string, error: unknown, timeoutMs: number): Error {
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as { name?: string; message?: string; cause?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return new Error(`${label} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  const inner = (typeof cause === 'object' && cause !== null ? cause : {}) as { code?: unknown; message?: unknown };
  const reason = [inner.code, inner.message, message].find((v): v is string => typeof v === 'string' && v !== '') ?? String(error);
  return new Error(`${label} unreachable: ${reason}`);
}

/** Parses a body as JSON; undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a body (JSON unless a string is given) and reads the answer as text, at most maxBytes within timeoutMs.
 * A refused address (OutboundUrlRefused) and an answer too large or redirected too often pass as they are;
 * network failures and the deadline become `label unreachable: ...` / `label did not answer within N s`.
 */
export async function post(url: string, body: unknown, options: PostOptions): Promise<HttpAnswer> {
  const isRaw = typeof body === 'string';
  try {
    const answer = await boundedRequest(
      url,
      {
        method: 'POST',
        headers: { accept: 'application/json', ...(isRaw ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: isRaw ? body : JSON.stringify(body),
      },
      { label: options.label, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, guard: options.guard },
    );
    return { status: answer.status, text: bodyText(answer.body) };
  } catch (error) {
    if (error instanceof OutboundUrlRefused || error instanceof OutboundAnswerError) throw error;
    throw networkFailure(options.label, error, options.timeoutMs);
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
