import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CloudApiCredentials,
  type CloudStatus,
  DEFAULT_GRAPH_VERSION,
  type GraphErrorDetail,
  type MessageTemplate,
  type WebhookContext,
  type WebhookMessageContent,
  type WebhookStatus,
} from './cloud-api-types.js';
import { type FakeGraphError, fakeGraphError, webhookErrorDetail } from './fake-graph-errors.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER, FAKE_TEMPLATES, type FakePhoneNumber } from './fake-graph-fixtures.js';
import { checkSendBody } from './fake-send-validation.js';
import { boundaryOf, parseMultipart } from './multipart.js';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.js';

// A local stand-in for Meta's Graph API and its webhooks, for development and tests: sends (validated strictly),
// read receipts, media upload and download, the phone number, paged templates, and signed webhooks to the app.

/** Free-form messages are allowed this long after the customer's last message. */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface FakeGraphApiOptions {
  port?: number;
  appSecret: string;
  /** Where webhooks go (inbound messages, statuses); none: nothing is posted. */
  webhookUrl?: string;
  version?: string;
  accessToken?: string;
  businessAccountId?: string;
  phoneNumbers?: FakePhoneNumber[];
  templates?: MessageTemplate[];
  /** sent → delivered → read after each accepted send (default on). */
  autoStatuses?: boolean;
  /**
   * How a free-form send outside the customer's 24-hour window fails: refused at once with 131047 ('answer', the
   * default), or accepted and then reported by a failed status carrying 131047, as Meta usually does ('status').
   */
  windowRefusal?: 'answer' | 'status';
  maxUploadBytes?: number;
  now?: () => number;
  /**
   * Keep only the newest this many entries of each log (wire, webhooks, requests, read receipts) and media files;
   * none: everything (tests read it all). A long-running demo sets it so its memory stays bounded.
   */
  keep?: number;
}

export interface WireEntry {
  phoneNumberId: string;
  to: string;
  type: string;
  payload: unknown;
  id: string;
  at: Date;
}

export interface FakeMedia {
  id: string;
  bytes: Buffer;
  mimetype: string;
  fileName: string | null;
  sha256: string;
  /** What GET /{media-id} states as file_size; tests may set it to differ from the bytes. */
  declaredSize: number | null;
}

/** An inbound message as the test writes it: the documented content, plus who sends it. */
export type FakeInbound = WebhookMessageContent & {
  from: string;
  id?: string;
  timestamp?: string;
  profileName?: string;
  context?: WebhookContext;
  errors?: GraphErrorDetail[];
};

export interface WebhookDelivery {
  payload: unknown;
  /** The app's HTTP status, or 0 when it could not be reached. */
  status: number;
}

export interface FakeGraphApi {
  baseUrl: string;
  version: string;
  accessToken: string;
  businessAccountId: string;
  phoneNumbers: FakePhoneNumber[];
  templates: MessageTemplate[];
  wire: WireEntry[];
  readReceipts: string[];
  media: Map<string, FakeMedia>;
  webhooks: WebhookDelivery[];
  /** Every request received: method and path with its query. */
  requests: { method: string; path: string }[];
  /** Posts a signed webhook with one inbound message (and opens that customer's 24-hour window). */
  deliverInbound(phoneNumberId: string, message: FakeInbound): Promise<number>;
  deliverStatus(phoneNumberId: string, status: Omit<WebhookStatus, 'timestamp'> & { timestamp?: string }): Promise<number>;
  /** Any payload, signed (or with the given signature header). */
  deliverPayload(payload: unknown, signature?: string): Promise<number>;
  /** The next send fails with this Graph error code. */
  reject(code: number, details?: string): void;
  setAutoStatuses(on: boolean): void;
  /** As if the customer wrote at `at` (default now): the 24-hour window opens from then. */
  markInbound(customer: string, at?: number): void;
  /** Resolves once every webhook queued so far was answered. */
  settled(): Promise<void>;
  /**
   * The `nth` send from now (1: the next) is recorded on the wire and then held unanswered (its statuses too) until
   * `release` is called: `reached` resolves with its wire entry once it arrived. For killing the app mid-call.
   */
  holdSend(nth?: number): { reached: Promise<WireEntry>; release(): void };
  /** Posts again, in order, every webhook the app did not answer with 200 so far (as Meta retries); answers how many. */
  retryWebhooks(): Promise<number>;
  close(): Promise<void>;
}

const MAX_JSON_BYTES = 1024 * 1024;

/** The fake's own route (not Meta's) where another process plays the customer: see handleFakeInbound. */
export const FAKE_INBOUND_PATH = '/__fake/inbound';

function answer(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const answerError = (res: ServerResponse, error: FakeGraphError) => answer(res, error.status, error.body);

/** The request body, or null once it passes `max` bytes (the rest is not read). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(total > max ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A POST to the app, resolved with its status (0 when it could not be reached). */
function postJson(url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers }, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function parseControl(raw: Buffer | null): { phoneNumberId?: unknown; message?: unknown } | null {
  try {
    return raw === null ? null : (JSON.parse(raw.toString('utf8')) as { phoneNumberId?: unknown; message?: unknown });
  } catch {
    return null;
  }
}

/** Looks like Meta's message ids: `wamid.` and base64 of an opaque blob. */
export const newWamid = (): string => `wamid.HBgM${randomBytes(30).toString('base64')}`;

const newMediaId = (): string => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(1_000_000, 9_999_999));

export async function startFakeGraphApi(options: FakeGraphApiOptions): Promise<FakeGraphApi> {
  const version = options.version ?? DEFAULT_GRAPH_VERSION;
  const accessToken = options.accessToken ?? FAKE_ACCESS_TOKEN;
  const now = options.now ?? Date.now;
  const windowRefusal = options.windowRefusal ?? 'answer';
  const maxUploadBytes = options.maxUploadBytes ?? 16 * 1024 * 1024;
  let autoStatuses = options.autoStatuses ?? true;
  let rejections: { code: number; details?: string }[] = [];
  /** Failed webhook deliveries a later retry got through (see retryWebhooks). */
  const retried = new Set<WebhookDelivery>();
  /** Sends to hold (see holdSend): counted down on each accepted send. */
  const holds: { left: number; reach: (entry: WireEntry) => void; released: Promise<void> }[] = [];
  const lastInbound = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let baseUrl = '';

  const state: Omit<
    FakeGraphApi,
    | 'baseUrl'
    | 'deliverInbound'
    | 'deliverStatus'
    | 'deliverPayload'
    | 'reject'
    | 'setAutoStatuses'
    | 'markInbound'
    | 'settled'
    | 'holdSend'
    | 'retryWebhooks'
    | 'close'
  > = {
    version,
    accessToken,
    businessAccountId: options.businessAccountId ?? FAKE_BUSINESS_ACCOUNT_ID,
    phoneNumbers: options.phoneNumbers ?? [{ ...FAKE_PHONE_NUMBER }],
    templates: options.templates ?? FAKE_TEMPLATES.map((t) => structuredClone(t)),
    wire: [],
    readReceipts: [],
    media: new Map(),
    webhooks: [],
    requests: [],
  };

  const phone = (id: string) => state.phoneNumbers.find((p) => p.id === id);

  /** Forgets the oldest entries beyond options.keep (see there). */
  function trim(): void {
    const keep = options.keep;
    if (keep === undefined) return;
    for (const log of [state.wire, state.webhooks, state.requests, state.readReceipts] as unknown[][]) if (log.length > keep) log.splice(0, log.length - keep);
    for (const id of state.media.keys()) {
      if (state.media.size <= keep) break;
      state.media.delete(id);
    }
  }

  async function deliverPayload(payload: unknown, signature?: string): Promise<number> {
    if (!options.webhookUrl) return 0;
    const raw = Buffer.from(JSON.stringify(payload));
    const status = await postJson(options.webhookUrl, raw, { [SIGNATURE_HEADER]: signature ?? signWebhook(raw, options.appSecret) });
    state.webhooks.push({ payload, status });
    trim();
    return status;
  }

  const seconds = () => String(Math.floor(now() / 1000));

  function envelope(phoneNumberId: string, value: Record<string, unknown>) {
    const number = phone(phoneNumberId);
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: state.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: number?.display_phone_number ?? '15550000000', phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    };
  }

  function deliverStatus(phoneNumberId: string, status: Omit<WebhookStatus, 'timestamp'> & { timestamp?: string }): Promise<number> {
    return deliverPayload(envelope(phoneNumberId, { statuses: [{ timestamp: seconds(), ...status }] }));
  }

  /** Statuses go out one after the other, across sends too: the receiver sees them in order. */
  function enqueue(task: () => Promise<unknown>): void {
    queue = queue.then(task, task);
  }

  function scheduleStatuses(entry: WireEntry, bizOpaque: string | null, failure: GraphErrorDetail | null): void {
    if (!options.webhookUrl || (!autoStatuses && !failure)) return;
    const base = { id: entry.id, recipient_id: entry.to, ...(bizOpaque !== null ? { biz_opaque_callback_data: bizOpaque } : {}) };
    const pricing = { billable: true, pricing_model: 'PMP', category: entry.type === 'template' ? 'utility' : 'service' };
    const steps: WebhookStatus[] = failure
      ? [{ ...base, status: 'failed', timestamp: seconds(), errors: [failure] }]
      : // A reaction is only ever reported sent (Meta sends no delivered or read status for it).
        ((entry.type === 'reaction' ? ['sent'] : ['sent', 'delivered', 'read']) as CloudStatus[]).map((status) => ({
          ...base,
          status,
          timestamp: seconds(),
          ...(status === 'read' ? {} : { pricing }),
        }));
    for (const step of steps) enqueue(() => deliverStatus(entry.phoneNumberId, step));
  }

  const windowOpen = (customer: string): boolean => {
    const last = lastInbound.get(customer);
    return last !== undefined && now() - last < CUSTOMER_WINDOW_MS;
  };

  async function handleMessages(req: IncomingMessage, res: ServerResponse, phoneNumberId: string): Promise<void> {
    const raw = await readBody(req, MAX_JSON_BYTES);
    if (raw === null) return answerError(res, fakeGraphError(100, 'The request body is too large'));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return answerError(res, fakeGraphError(100, 'The request body is not JSON'));
    }
    const check = checkSendBody(body, { hasMedia: (id) => state.media.has(id), templates: state.templates });
    if (!check.ok) return answerError(res, fakeGraphError(check.code, check.details));
    if (check.kind === 'read') {
      state.readReceipts.push(check.messageId);
      trim();
      return answer(res, 200, { success: true });
    }
    const rejection = rejections.shift();
    if (rejection) return answerError(res, fakeGraphError(rejection.code, rejection.details));
    const outside = !check.template && !windowOpen(check.to);
    if (outside && windowRefusal === 'answer') return answerError(res, fakeGraphError(131047));
    const entry: WireEntry = { phoneNumberId, to: check.to, type: check.type, payload: body, id: newWamid(), at: new Date(now()) };
    state.wire.push(entry);
    trim();
    for (const hold of holds) hold.left -= 1;
    const held = holds.find((hold) => hold.left === 0);
    if (held) {
      holds.splice(holds.indexOf(held), 1);
      held.reach(entry);
      await held.released;
    }
    answer(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: check.to, wa_id: check.to }], messages: [{ id: entry.id }] });
    scheduleStatuses(entry, check.bizOpaque, outside ? webhookErrorDetail(131047) : null);
  }

  async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary) return answerError(res, fakeGraphError(100, 'The upload must be multipart/form-data'));
    const raw = await readBody(req, maxUploadBytes);
    if (raw === null) return answerError(res, fakeGraphError(131053, 'The file is too large'));
    const parts = parseMultipart(raw, boundary);
    const field = (name: string) => parts?.find((p) => p.name === name);
    const file = field('file');
    if (!parts || field('messaging_product')?.bytes.toString() !== 'whatsapp')
      return answerError(res, fakeGraphError(100, 'Param messaging_product is required'));
    if (!file?.bytes.length) return answerError(res, fakeGraphError(100, 'Param file is required'));
    const mimetype = field('type')?.bytes.toString() || file.contentType || '';
    if (!mimetype) return answerError(res, fakeGraphError(100, 'Param type is required'));
    const id = newMediaId();
    const bytes = Buffer.from(file.bytes);
    state.media.set(id, { id, bytes, mimetype, fileName: file.fileName, sha256: createHash('sha256').update(bytes).digest('hex'), declaredSize: bytes.length });
    trim();
    answer(res, 200, { id });
  }

  function handleTemplates(res: ServerResponse, url: URL, wabaId: string) {
    if (wabaId !== state.businessAccountId) return answerError(res, fakeGraphError(100, `Object with ID '${wabaId}' does not exist`));
    const limit = Math.max(1, Math.min(100, Number(url.searchParams.get('limit')) || 25));
    const after = url.searchParams.get('after');
    const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
    if (!Number.isInteger(start) || start < 0) return answerError(res, fakeGraphError(100, 'Invalid cursor'));
    const data = state.templates.slice(start, start + limit);
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const more = start + limit < state.templates.length;
    const next = new URL(url.href);
    next.searchParams.set('after', cursor(start + limit));
    answer(res, 200, {
      data,
      paging: { cursors: { before: cursor(start), after: cursor(start + limit) }, ...(more ? { next: `${baseUrl}${next.pathname}${next.search}` } : {}) },
    });
  }

  function handleGetObject(res: ServerResponse, id: string) {
    const number = phone(id);
    if (number) return answer(res, 200, number);
    const media = state.media.get(id);
    if (!media) return answerError(res, fakeGraphError(100, `Unsupported get request. Object with ID '${id}' does not exist`));
    answer(res, 200, {
      messaging_product: 'whatsapp',
      url: `${baseUrl}/whatsapp_business/attachments/?mid=${id}&ext=${Math.floor(now() / 1000)}`,
      mime_type: media.mimetype,
      sha256: media.sha256,
      ...(media.declaredSize !== null ? { file_size: media.declaredSize } : {}),
      id,
    });
  }

  function handleDownload(res: ServerResponse, url: URL) {
    const media = state.media.get(url.searchParams.get('mid') ?? '');
    if (!media) return answerError(res, fakeGraphError(100, 'Unknown media'));
    res.writeHead(200, { 'content-type': media.mimetype, 'content-length': media.bytes.length });
    res.end(media.bytes);
  }

  /**
   * Not Meta's: the customer side for another process (`npm run simulate` through the app's dev route). The body is
   * `{ phoneNumberId, message }` (a FakeInbound); the answer is the app's status for the signed webhook posted.
   */
  async function handleFakeInbound(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req, MAX_JSON_BYTES);
    const body = parseControl(raw);
    const message = body?.message as FakeInbound | undefined;
    if (typeof body?.phoneNumberId !== 'string' || !phone(body.phoneNumberId) || typeof message?.from !== 'string' || typeof message.type !== 'string') {
      return answerError(res, fakeGraphError(100, 'Expected { phoneNumberId, message: { from, type, ... } }'));
    }
    const id = message.id ?? newWamid();
    const status = await self.deliverInbound(body.phoneNumberId, { ...message, id });
    answer(res, 200, { id, status });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    state.requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}` });
    trim();
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      req.resume();
      return answerError(res, fakeGraphError(190, 'The access token is missing, expired or was revoked'));
    }
    if (req.method === 'GET' && url.pathname === '/whatsapp_business/attachments/') return handleDownload(res, url);
    if (req.method === 'POST' && url.pathname === FAKE_INBOUND_PATH) return handleFakeInbound(req, res);
    const [v, id, edge, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (v !== version || !id || rest.length) {
      req.resume();
      return answerError(res, fakeGraphError(100, `Unknown path ${url.pathname}`));
    }
    if (req.method === 'POST' && (edge === 'messages' || edge === 'media')) {
      if (!phone(id)) {
        req.resume();
        return answerError(res, fakeGraphError(100, `Object with ID '${id}' does not exist`));
      }
      return edge === 'messages' ? handleMessages(req, res, id) : handleUpload(req, res);
    }
    if (req.method === 'GET' && edge === 'message_templates') return handleTemplates(res, url, id);
    if (req.method === 'GET' && edge === undefined) return handleGetObject(res, id);
    req.resume();
    answerError(res, fakeGraphError(100, `Unsupported ${req.method} request`));
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, { error: { message: String(error), type: 'OAuthException', code: 1 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const self: FakeGraphApi = {
    ...state,
    baseUrl,
    deliverPayload,
    deliverStatus,
    deliverInbound(phoneNumberId, { from, id, timestamp, profileName, ...content }) {
      lastInbound.set(from, now());
      const message = { from, id: id ?? newWamid(), timestamp: timestamp ?? seconds(), ...content };
      return deliverPayload(envelope(phoneNumberId, { contacts: [{ profile: { name: profileName ?? 'Cliente' }, wa_id: from }], messages: [message] }));
    },
    reject(code, details) {
      rejections.push({ code, details });
    },
    setAutoStatuses(on) {
      autoStatuses = on;
    },
    markInbound(customer, at = now()) {
      lastInbound.set(customer, at);
    },
    settled: () => queue.then(() => undefined),
    holdSend(nth = 1) {
      let reach: (entry: WireEntry) => void = () => undefined;
      let release: () => void = () => undefined;
      const reached = new Promise<WireEntry>((resolve) => {
        reach = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ left: nth, reach, released });
      return { reached, release };
    },
    async retryWebhooks() {
      // A retry is logged as a delivery of its own; a failed delivery is retried until one of its posts is answered.
      const failed = state.webhooks.filter((delivery) => delivery.status !== 200 && !retried.has(delivery));
      let answered = 0;
      for (const delivery of failed) {
        if ((await deliverPayload(delivery.payload)) !== 200) continue;
        retried.add(delivery);
        answered += 1;
      }
      return answered;
    },
    async close() {
      rejections = [];
      await queue;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return self;
}

/** The credentials of a connection on the fake's first phone number (tests, the demo). */
export function fakeCredentials(fake: FakeGraphApi, appSecret: string): CloudApiCredentials {
  return {
    phoneNumberId: fake.phoneNumbers[0]!.id,
    businessAccountId: fake.businessAccountId,
    accessToken: fake.accessToken,
    appSecret,
    verifyToken: 'verify',
    graphBaseUrl: fake.baseUrl,
    graphVersion: fake.version,
  };
}
