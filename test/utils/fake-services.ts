/**
 * Local stand-ins for the services the bot calls (OpenAI-compatible API, Typebot, n8n/webhook, Dialogflow), as
 * `node:http` servers on 127.0.0.1 and a free port. Every fake records the requests it got and answers from a script
 * (first in, first out) or, when nothing is scripted, with a predictable default. `fail(status, body)` scripts an
 * error answer in the same queue.
 *
 *   const openAi = await startFakeOpenAi();
 *   const t = await createTestApp({ automation: { openAiBaseUrl: openAi.url, dialogflowApiUrl: dialogflow.url, minuteMs: 60000 } });
 *   openAi.reply('Olá! Como posso ajudar?');
 *   ...
 *   expect(openAi.requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini' });
 *   await openAi.close();
 */
import { createPublicKey, generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path with the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the fields of a urlencoded form; undefined for anything else (multipart...). */
  body: unknown;
  raw: string;
}

/** A scripted error answer: any status, a JSON (object) or text (string) body. */
export interface FakeFailure {
  status: number;
  body?: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  /** Scripts the next answer to be an error (same queue as `reply`). */
  fail(status: number, body?: unknown): void;
  /** Forgets recorded requests and the script. */
  reset(): void;
  close(): Promise<void>;
}

/** A first-in-first-out script of answers, shared by the fakes. */
class Script<T> {
  private readonly queue: Array<{ ok: T } | { failure: FakeFailure }> = [];

  push(...values: T[]): void {
    this.queue.push(...values.map((ok) => ({ ok })));
  }

  fail(failure: FakeFailure): void {
    this.queue.push({ failure });
  }

  next(): { ok: T } | { failure: FakeFailure } | undefined {
    return this.queue.shift();
  }

  clear(): void {
    this.queue.length = 0;
  }
}

const failureAnswer = (failure: FakeFailure): Answer => ({
  status: failure.status,
  body: failure.body ?? { error: { message: `scripted ${failure.status}` } },
});

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (contentType?.includes('multipart/')) return undefined;
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, answer: Answer): void {
  const isText = typeof answer.body === 'string';
  const payload = answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body);
  const type = answer.body === undefined ? {} : { 'content-type': isText ? 'text/plain' : 'application/json' };
  res.writeHead(answer.status, { ...type, ...answer.headers });
  res.end(payload);
}

/** Starts a server whose handler maps each recorded request to an answer. */
async function startServer(
  handle: (request: RecordedRequest, url: string) => Answer | Promise<Answer>,
): Promise<{ url: string; requests: RecordedRequest[]; close: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  let url = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
        raw,
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request, url))
        .then(
          (answer) => send(res, answer),
          (error: unknown) => send(res, { status: 500, body: { error: { message: String(error) } } }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, requests, close };
}

const notFound = (request: RecordedRequest): Answer => ({ status: 404, body: { error: { message: `no route ${request.method} ${request.path}` } } });

// ---------------------------------------------------------------------------------------------------------------
// OpenAI-compatible API

export interface FakeOpenAi extends FakeService {
  /** Scripts the next chat completions (one text per call). Unscripted calls answer `Echo: <last user message>`. */
  reply(...texts: string[]): void;
  /** Scripts the next transcriptions. Unscripted calls answer 'transcribed audio'. */
  transcription(...texts: string[]): void;
  /** Scripts the next transcription call to fail, e.g. 404 as a chat-only server answers. */
  failTranscription(status: number, body?: unknown): void;
}

/**
 * `POST /chat/completions` and `POST /audio/transcriptions` (use `url` as `openAiBaseUrl`). The API key arrives in
 * `requests[i].headers.authorization`; chat requests are in `requests[i].body` (model, messages, max_tokens...).
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const chat = new Script<string>();
  const transcriptions = new Script<string>();
  let sequence = 0;
  const server = await startServer((request) => {
    if (request.method === 'POST' && request.path === '/chat/completions') {
      const body = request.body as { model?: string; messages?: Array<{ role: string; content: string }> } | undefined;
      const scripted = chat.next();
      if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
      const lastUser = [...(body?.messages ?? [])].reverse().find((m) => m.role === 'user');
      const content = scripted ? scripted.ok : `Echo: ${lastUser?.content ?? ''}`;
      return {
        status: 200,
        body: {
          id: `chatcmpl-fake-${++sequence}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        },
      };
    }
    if (request.method === 'POST' && request.path === '/audio/transcriptions') {
      const scripted = transcriptions.next();
      if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
      return { status: 200, body: { text: scripted ? scripted.ok : 'transcribed audio' } };
    }
    return notFound(request);
  });
  return {
    ...server,
    reply: (...texts) => chat.push(...texts),
    transcription: (...texts) => transcriptions.push(...texts),
    fail: (status, body) => chat.fail({ status, body }),
    failTranscription: (status, body) => transcriptions.fail({ status, body }),
    reset: () => {
      server.requests.length = 0;
      chat.clear();
      transcriptions.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Typebot

/** A Typebot bubble as the chat API returns it (see the helpers below). */
export type TypebotBubble = { id?: string; type: string; content: Record<string, unknown> };

export interface TypebotTurn {
  bubbles: TypebotBubble[];
  /** false: no input block follows, the flow is over. Default true. */
  input?: boolean;
}

export interface FakeTypebot extends FakeService {
  /** Scripts the answers of the next startChat/continueChat calls, in call order. */
  reply(...turns: TypebotTurn[]): void;
  /** Session ids handed out by startChat, in order. */
  sessions: string[];
}

/** A rich-text bubble with one paragraph per string. */
export const typebotText = (...paragraphs: string[]): TypebotBubble => ({
  type: 'text',
  content: { type: 'richText', richText: paragraphs.map((text) => ({ type: 'p', children: [{ text }] })) },
});

/** A rich-text bubble from raw Slate nodes, to test formatting. */
export const typebotRichText = (richText: unknown[]): TypebotBubble => ({ type: 'text', content: { type: 'richText', richText } });

export const typebotMedia = (type: 'image' | 'video' | 'audio' | 'embed', url: string): TypebotBubble => ({ type, content: { url } });

/**
 * `POST /api/v1/typebots/{slug}/startChat` (hands out `session-1`, `session-2`...) and
 * `POST /api/v1/sessions/{id}/continueChat` (404 for an unknown session). Unscripted turns answer one text bubble,
 * `Typebot started` or `Typebot echo: <message>`, with an input block (the flow goes on).
 */
export async function startFakeTypebot(): Promise<FakeTypebot> {
  const script = new Script<TypebotTurn>();
  const sessions: string[] = [];
  let bubbleSequence = 0;
  const answer = (turn: TypebotTurn, extra: Record<string, unknown>): Answer => ({
    status: 200,
    body: {
      ...extra,
      messages: turn.bubbles.map((bubble) => ({ id: bubble.id ?? `bubble-${++bubbleSequence}`, ...bubble })),
      ...(turn.input === false ? {} : { input: { id: `input-${bubbleSequence}`, type: 'text input', options: {} } }),
    },
  });
  const server = await startServer((request) => {
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(request.path);
    const resume = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(request.path);
    if (request.method !== 'POST' || (!start && !resume)) return notFound(request);
    const message = (request.body as { message?: unknown } | undefined)?.message;
    const text = typeof message === 'string' ? message : ((message as { text?: string } | undefined)?.text ?? '');
    if (resume && !sessions.includes(decodeURIComponent(resume[1]!))) return { status: 404, body: { message: 'Session not found.', code: 'NOT_FOUND' } };
    const scripted = script.next();
    if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
    const turn = scripted?.ok ?? { bubbles: [typebotText(start && !text ? 'Typebot started' : `Typebot echo: ${text}`)] };
    if (!start) return answer(turn, {});
    const sessionId = `session-${sessions.length + 1}`;
    sessions.push(sessionId);
    return answer(turn, { sessionId, resultId: `result-${sessions.length}`, typebot: { id: decodeURIComponent(start[1]!), version: '6' } });
  });
  return {
    ...server,
    sessions,
    reply: (...turns) => script.push(...turns),
    fail: (status, body) => script.fail({ status, body }),
    reset: () => {
      server.requests.length = 0;
      sessions.length = 0;
      script.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Text-to-speech (Azure-style)

/** The bytes the speech fake answers: an Ogg page header, enough to be stored as audio/ogg. */
export const FAKE_VOICE_NOTE = 'OggS fake opus voice note';

/**
 * `POST /cognitiveservices/v1` (use `url` as `speechApiUrl`): answers FAKE_VOICE_NOTE as audio/ogg. The key arrives in
 * `headers['ocp-apim-subscription-key']`, the SSML in `raw`.
 */
export async function startFakeSpeech(): Promise<FakeService> {
  const failures = new Script<never>();
  const server = await startServer((request) => {
    if (request.method !== 'POST' || request.path !== '/cognitiveservices/v1') return notFound(request);
    const scripted = failures.next();
    if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
    return { status: 200, body: FAKE_VOICE_NOTE, headers: { 'content-type': 'audio/ogg' } };
  });
  return {
    ...server,
    fail: (status, body) => failures.fail({ status, body }),
    reset: () => {
      server.requests.length = 0;
      failures.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// n8n / webhook

export interface FakeWebhook extends FakeService {
  /** Scripts the next 200 answers' bodies: an object is sent as JSON, a string as it is (for non-JSON bodies). */
  reply(...bodies: unknown[]): void;
}

/** Accepts a POST on any path (use `${url}/hook` as urlN8N). Unscripted calls answer 200 with `{}` (no replies). */
export async function startFakeWebhook(): Promise<FakeWebhook> {
  const script = new Script<unknown>();
  const server = await startServer((request) => {
    if (request.method !== 'POST') return notFound(request);
    const scripted = script.next();
    if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
    return { status: 200, body: scripted ? scripted.ok : {} };
  });
  return {
    ...server,
    reply: (...bodies) => script.push(...bodies),
    fail: (status, body) => script.fail({ status, body }),
    reset: () => {
      server.requests.length = 0;
      script.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Dialogflow ES

export interface DialogflowTurn {
  texts: string[];
  endConversation?: boolean;
  /** Sent as fulfillmentText; by default the texts joined. */
  fulfillmentText?: string;
}

export interface FakeDialogflow extends FakeService {
  /** Scripts the next detectIntent answers. Unscripted calls answer `Dialogflow echo: <text>`. */
  reply(...turns: DialogflowTurn[]): void;
  /** A service-account JSON whose token_uri is this fake's `/token` and whose key the fake trusts. */
  jsonContent: string;
  serviceAccount: Record<string, string>;
  /** The same account signed with a key the fake does not know: the token exchange fails with 400 invalid_grant. */
  untrustedJsonContent: string;
  /** Requests to the token endpoint (a subset of `requests`). */
  tokenRequests(): RecordedRequest[];
  /** Invalidates every issued token: the next detectIntent answers 401 until a new token is fetched. */
  revokeTokens(): void;
  /** Lifetime (seconds) of the tokens issued from now on. Default 3600. */
  setTokenLifetime(seconds: number): void;
}

function verifyJwt(assertion: string, key: KeyObject): Record<string, unknown> | null {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return null;
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'RS256') return null;
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), key, Buffer.from(signature, 'base64url'));
  return valid ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : null;
}

const rsaPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

/**
 * `POST /token` (OAuth JWT-bearer grant: checks the RS256 signature against the test account's public key, iss, aud
 * and exp) and `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent` (needs a Bearer token it issued).
 * Use `url` as `dialogflowApiUrl` and `jsonContent` as the integration's credentials.
 */
export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  const script = new Script<DialogflowTurn>();
  const privateKey = rsaPem();
  const publicKey = createPublicKey(privateKey);
  const issued = new Set<string>();
  let tokenSequence = 0;
  let tokenLifetime = 3600;
  const clientEmail = 'bot@fake-project.iam.gserviceaccount.com';

  const server = await startServer((request, url) => {
    if (request.method === 'POST' && request.path === '/token') {
      const form = (request.body ?? {}) as Record<string, string>;
      const claims = form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && form.assertion ? verifyJwt(form.assertion, publicKey) : null;
      const now = Date.now() / 1000;
      if (!claims || claims.iss !== clientEmail || claims.aud !== `${url}/token` || typeof claims.exp !== 'number' || claims.exp < now) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      }
      const token = `fake-access-token-${++tokenSequence}`;
      issued.add(token);
      return { status: 200, body: { access_token: token, expires_in: tokenLifetime, token_type: 'Bearer' } };
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(request.path);
    if (request.method !== 'POST' || !detect) return notFound(request);
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!token || !issued.has(token)) {
      return { status: 401, body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } };
    }
    const scripted = script.next();
    if (scripted && 'failure' in scripted) return failureAnswer(scripted.failure);
    const query = (request.body as { queryInput?: { text?: { text?: string; languageCode?: string } } } | undefined)?.queryInput?.text;
    const turn = scripted?.ok ?? { texts: [`Dialogflow echo: ${query?.text ?? ''}`] };
    return {
      status: 200,
      body: {
        responseId: `response-${request.path.length}-${Date.now()}`,
        queryResult: {
          queryText: query?.text ?? '',
          languageCode: query?.languageCode ?? '',
          fulfillmentText: turn.fulfillmentText ?? turn.texts.join('\n'),
          fulfillmentMessages: turn.texts.length ? [{ text: { text: turn.texts } }] : [],
          intent: { displayName: 'Fake intent' },
          ...(turn.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
        },
      },
    };
  });
  const tokenUri = `${server.url}/token`;
  const account = (key: string) => ({
    type: 'service_account',
    project_id: 'fake-project',
    private_key_id: 'fake-key-1',
    private_key: key,
    client_email: clientEmail,
    token_uri: tokenUri,
  });
  const serviceAccount = account(privateKey);
  return {
    ...server,
    serviceAccount,
    jsonContent: JSON.stringify(serviceAccount),
    untrustedJsonContent: JSON.stringify(account(rsaPem())),
    tokenRequests: () => server.requests.filter((r) => r.path === '/token'),
    revokeTokens: () => issued.clear(),
    setTokenLifetime: (seconds) => {
      tokenLifetime = seconds;
    },
    reply: (...turns) => script.push(...turns),
    fail: (status, body) => script.fail({ status, body }),
    reset: () => {
      server.requests.length = 0;
      script.clear();
      issued.clear();
      tokenSequence = 0;
      tokenLifetime = 3600;
    },
  };
}

/** A URL on which nothing listens (a port just released), to test unreachable services. */
export async function unreachableUrl(): Promise<string> {
  const server = await startServer(() => ({ status: 204 }));
  await server.close();
  return server.url;
}
