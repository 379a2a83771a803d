import { Agent, type Dispatcher, fetch, Response } from 'undici';
import { OutboundUrlRefused } from './private-network.js';

/**
 * Outbound HTTP with bounded answers: a byte cap per call (a declared Content-Length over it is refused before
 * reading, a streamed body is cut once past it), one deadline for the whole exchange (redirects and body
 * included), and redirects followed by hand, each hop checked by the caller's guard and dialled through its agent.
 * Every integration client (webhook, n8n, Typebot, Dialogflow, AI, speech, payment providers, remote media) calls
 * out through here.
 */

/** Decides which addresses may be called and dials them (see OutboundUrlPolicy). */
export interface OutboundGuard {
  /** Refuses an address before it is called: scheme, and (when private networks are off) a private address. */
  check(url: string): Promise<void>;
  /** The agent that dials only addresses the guard accepts; undefined for the plain one. */
  readonly dispatcher: Dispatcher | undefined;
}

export interface BoundedLimits {
  /** Who is being called, for error messages ("Typebot", "Webhook"...). */
  label: string;
  maxBytes: number;
  /** For the whole exchange: connection, redirects, headers and body. */
  timeoutMs: number;
  guard?: OutboundGuard;
  maxRedirects?: number;
  /** A caller's own cancellation, combined with the deadline. */
  signal?: AbortSignal;
}

export type BoundedBody = string | Uint8Array | URLSearchParams | null;

export interface BoundedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: BoundedBody;
}

export interface BoundedAnswer {
  status: number;
  headers: Response['headers'];
  /** The address that answered, after redirects. */
  url: string;
  body: Buffer;
}

export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers kept when a redirect leads to another origin: credentials (authorization, API keys) stay behind. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

/** Dials anything: for addresses from the install's config, or when the install allows private networks. */
const plainAgent = new Agent();

/** A failure already worded for people (label + reason): callers pass it on as it is. */
export class OutboundAnswerError extends Error {
  override name = 'OutboundAnswerError';
}

export class AnswerTooLarge extends OutboundAnswerError {
  override name = 'AnswerTooLarge';
  constructor(
    label: string,
    readonly maxBytes: number,
    /** Bytes received when the answer was cut (0 when its Content-Length was refused). */
    readonly bytesRead: number,
  ) {
    super(`${label} answered more than ${megabytes(maxBytes)} MB`);
  }
}

export class TooManyRedirects extends OutboundAnswerError {
  override name = 'TooManyRedirects';
  constructor(label: string, maxRedirects: number) {
    super(`${label} redirected more than ${maxRedirects} times`);
  }
}

const megabytes = (bytes: number): string => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

/** The deadline of one exchange, joined with the caller's signal. */
function deadline(timeoutMs: number, signal?: AbortSignal | null): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

function assertHttp(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlRefused(`Only http and https addresses are allowed: ${url.protocol}`);
}

function parseUrl(raw: string | URL): URL {
  try {
    return new URL(raw);
  } catch {
    throw new OutboundUrlRefused(`Not a valid address: ${String(raw)}`);
  }
}

/** A refusal made while connecting (the agent's address check) comes out of fetch as the cause of a TypeError. */
function unwrapRefusal(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof OutboundUrlRefused ? cause : error;
}

/** The announced size, when the server gave one. */
function declaredLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  const length = header === null ? Number.NaN : Number(header);
  return Number.isFinite(length) ? length : null;
}

/** Drops an answer's body without reading it (the connection is closed rather than drained). */
export function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/**
 * Sends the request and follows redirects (at most `maxRedirects`, each hop checked by the guard), under the
 * deadline. Resolves with the final answer once its headers are in; its body is still to be read (readBounded),
 * and the deadline stays attached to it.
 */
export async function openBounded(url: string | URL, init: BoundedInit, limits: BoundedLimits): Promise<Response> {
  const maxRedirects = limits.maxRedirects ?? MAX_REDIRECTS;
  const signal = deadline(limits.timeoutMs, limits.signal);
  let current = parseUrl(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? null;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop += 1) {
    if (limits.guard) await limits.guard.check(current.href);
    else assertHttp(current);
    let response: Response;
    try {
      response = await fetch(current, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal,
        dispatcher: limits.guard?.dispatcher ?? plainAgent,
      });
    } catch (error) {
      throw unwrapRefusal(error);
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    discard(response);
    if (hop >= maxRedirects) throw new TooManyRedirects(limits.label, maxRedirects);
    const next = parseUrl(new URL(location, current));
    // As browsers do: 303, and 301/302 after a POST, become a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = null;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
    }
    if (next.origin !== current.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name.toLowerCase())));
    }
    current = next;
  }
}

/** Reads a body up to maxBytes: refused at once when its Content-Length says more, cut as soon as it goes past. */
export async function readBounded(response: Response, label: string, maxBytes: number): Promise<Buffer> {
  const declared = declaredLength(response);
  if (declared !== null && declared > maxBytes) {
    discard(response);
    throw new AnswerTooLarge(label, maxBytes, 0);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(label, maxBytes, total);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** One bounded exchange: the final answer's status, headers and whole (bounded) body. */
export async function boundedRequest(url: string | URL, init: BoundedInit, limits: BoundedLimits): Promise<BoundedAnswer> {
  const response = await openBounded(url, init, limits);
  const body = await readBounded(response, limits.label, limits.maxBytes);
  return { status: response.status, headers: response.headers, url: response.url, body };
}

/** Text of a body as fetch's text() reads it (UTF-8, a BOM dropped). */
export const bodyText = (body: Uint8Array): string => new TextDecoder().decode(body);

/** The global fetch's signature, as SDKs take it. */
type FetchFunction = (input: string | URL | globalThis.Request, init?: globalThis.RequestInit) => Promise<globalThis.Response>;

/** A request body of the global realm (FormData, Blob, streams, typed arrays), read into bytes with its content type. */
async function materialize(body: unknown, headers: Record<string, string>): Promise<BoundedBody> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof URLSearchParams) return body;
  const serialized = new globalThis.Response(body as ConstructorParameters<typeof globalThis.Response>[0]);
  const type = serialized.headers.get('content-type');
  if (type && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = type;
  return new Uint8Array(await serialized.arrayBuffer());
}

/** A body stream that errors once more than maxBytes went through it, or at once when the declared size says so. */
function limitedStream(response: Response, label: string, maxBytes: number): ReadableStream<Uint8Array> | null {
  const source = response.body;
  if (!source) return null;
  const declared = declaredLength(response);
  const reader = source.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (declared !== null && declared > maxBytes) {
        reader.cancel().catch(() => undefined);
        controller.error(new AnswerTooLarge(label, maxBytes, 0));
      }
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > maxBytes) {
          reader.cancel().catch(() => undefined);
          return controller.error(new AnswerTooLarge(label, maxBytes, total));
        }
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * A fetch function for SDKs that take one (the OpenAI client): the same redirects, guard, cap and deadline, the
 * body capped as it streams. The deadline covers the body too (the SDK's own timeout ends with the headers).
 */
export function boundedFetchFunction(limits: Omit<BoundedLimits, 'signal'>): FetchFunction {
  const boundedFetch: FetchFunction = async (input, init = {}) => {
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    const headers: Record<string, string> = {};
    new globalThis.Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = await materialize(init.body, headers);
    const response = await openBounded(url, { method: init.method, headers, body }, { ...limits, signal: init.signal ?? undefined });
    // undici's own Response, so its body stream and the fetch that filled it come from the same copy of undici.
    return new Response(limitedStream(response, limits.label, limits.maxBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }) as unknown as globalThis.Response;
  };
  // The OpenAI SDK checks FormData support with the Response a fetch function names: bodies are materialized above.
  return Object.assign(boundedFetch, { Response: globalThis.Response });
}
