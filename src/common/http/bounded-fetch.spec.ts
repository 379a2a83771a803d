import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../config/app-config.js';
import { OutboundUrlPolicy } from '../../modules/automation/clients/outbound-url-policy.js';
import { TIME_FACTOR } from '../../../test/utils/time.js';
import { AnswerTooLarge, bodyText, boundedFetchFunction, boundedRequest, MAX_REDIRECTS, TooManyRedirects } from './bounded-fetch.js';
import { OutboundUrlRefused } from './private-network.js';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
/** What one read of a socket may hand over at most: the answer is cut within one of these past the cap. */
const MAX_CHUNK = 256 * 1024;

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];

/** A local server; each request is recorded (body read first) and handed to `handle`. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString() };
      seen.push(entry);
      handle(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const testServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

/** Writes up to `total` bytes as fast as the client reads them; resolves with what was written once the response closes. */
function stream(res: ServerResponse, total: number, headers: Record<string, string | number> = {}): Promise<number> {
  let written = 0;
  res.writeHead(200, { 'content-type': 'application/octet-stream', ...headers });
  return new Promise((resolve) => {
    res.on('close', () => resolve(written));
    const pump = () => {
      while (written < total && !res.destroyed) {
        written += CHUNK.length;
        if (!res.write(CHUNK)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
}

/** Headers at once, then one byte every 20 ms, forever. */
function trickle(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
  const timer = setInterval(() => res.write(' '), 20);
  res.on('close', () => clearInterval(timer));
}

const failureOf = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => new Error('no failure'),
    (error: unknown) => error as Error,
  );

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('boundedRequest', () => {
  it('reads an answer within its cap, and keeps the status of error answers', async () => {
    const server = await serve((_req, res, seen) => {
      res.writeHead(seen.path === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      res.end(seen.path === '/missing' ? '{"error":"nope"}' : '\uFEFF{"ok":true}');
    });
    const answer = await boundedRequest(`${server.url}/ok`, { method: 'POST', body: 'x' }, { label: 'Test', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR });
    expect(answer.status).toBe(200);
    expect(JSON.parse(bodyText(answer.body))).toEqual({ ok: true });
    expect(server.seen[0]).toMatchObject({ method: 'POST', body: 'x' });
    const missing = await boundedRequest(`${server.url}/missing`, {}, { label: 'Test', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR });
    expect(missing.status).toBe(404);
    expect(bodyText(missing.body)).toBe('{"error":"nope"}');
  });

  it('cuts a 300 MB answer right after its cap, without holding it in memory', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const server = await serve((_req, res) => {
      written = stream(res, 300 * MB);
    });
    const rssBefore = process.memoryUsage().rss;
    const error = await failureOf(boundedRequest(server.url, {}, { label: 'Webhook', maxBytes: 2 * MB, timeoutMs: 30_000 * TIME_FACTOR }));
    const rssGrowth = process.memoryUsage().rss - rssBefore;

    expect(error).toBeInstanceOf(AnswerTooLarge);
    expect(error.message).toBe('Webhook answered more than 2 MB');
    const { bytesRead } = error as AnswerTooLarge;
    expect(bytesRead).toBeGreaterThan(2 * MB);
    expect(bytesRead).toBeLessThanOrEqual(2 * MB + MAX_CHUNK);
    // The connection is dropped: the server stops well before its 300 MB.
    expect(await written).toBeLessThan(32 * MB);
    expect(rssGrowth).toBeLessThan(32 * MB);
  });

  it('refuses a declared Content-Length over the cap before reading any of it', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const server = await serve((_req, res) => {
      written = stream(res, 10 * MB, { 'content-length': 10 * MB });
    });
    const error = await failureOf(boundedRequest(server.url, {}, { label: 'Typebot', maxBytes: MB, timeoutMs: 10_000 * TIME_FACTOR }));
    expect(error).toBeInstanceOf(AnswerTooLarge);
    expect(error.message).toBe('Typebot answered more than 1 MB');
    expect((error as AnswerTooLarge).bytesRead).toBe(0);
    expect(await written).toBeLessThan(10 * MB);
  });

  it('ends a body that trickles in at the deadline of the whole exchange, not only of the headers', async () => {
    const server = await serve((_req, res) => trickle(res));
    const timeoutMs = 500 * TIME_FACTOR;
    const started = performance.now();
    const error = await failureOf(boundedRequest(server.url, {}, { label: 'Webhook', maxBytes: MB, timeoutMs }));
    const elapsed = performance.now() - started;
    expect(error.name).toBe('TimeoutError');
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(elapsed).toBeLessThan(timeoutMs + 10_000 * TIME_FACTOR);
  });

  it('follows redirects by hand: 303 becomes a GET, credentials stay with their origin', async () => {
    const target = await serve((_req, res) => res.end('arrived'));
    const origin = await serve((_req, res, seen) => {
      if (seen.path === '/start') res.writeHead(303, { location: '/same-origin' }).end();
      else res.writeHead(307, { location: `${target.url}/elsewhere` }).end();
    });
    const answer = await boundedRequest(
      `${origin.url}/start`,
      { method: 'POST', headers: { authorization: 'Bearer secret', 'content-type': 'application/json' }, body: '{}' },
      { label: 'Test', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR },
    );
    expect(bodyText(answer.body)).toBe('arrived');
    expect(answer.url).toBe(`${target.url}/elsewhere`);
    expect(origin.seen.map((s) => [s.method, s.path, s.headers.authorization])).toEqual([
      ['POST', '/start', 'Bearer secret'],
      ['GET', '/same-origin', 'Bearer secret'],
    ]);
    expect(target.seen).toEqual([expect.objectContaining({ method: 'GET', path: '/elsewhere' })]);
    expect(target.seen[0]!.headers.authorization).toBeUndefined();
  });

  it(`refuses a chain of more than ${MAX_REDIRECTS} redirects`, async () => {
    const server = await serve((_req, res, seen) => {
      const hop = Number(seen.path.split('/').pop());
      res.writeHead(302, { location: `/hop/${hop + 1}` }).end();
    });
    const error = await failureOf(boundedRequest(`${server.url}/hop/0`, {}, { label: 'Typebot', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR }));
    expect(error).toBeInstanceOf(TooManyRedirects);
    expect(error.message).toBe(`Typebot redirected more than ${MAX_REDIRECTS} times`);
    expect(server.seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('refuses a redirect to a private address, or to another scheme', async () => {
    const internal = await serve((_req, res) => res.end('internal secrets'));
    const strict = new OutboundUrlPolicy({ automation: { allowPrivateNetworks: false } } as AppConfig);
    const redirecting = await serve((_req, res, seen) => {
      const to = { '/literal': `${internal.url}/admin`, '/named': `${internal.url.replace('127.0.0.1', 'localhost')}/admin`, '/file': 'file:///etc/passwd' };
      res.writeHead(302, { location: to[seen.path as keyof typeof to] }).end();
    });
    // The first hop stands for a public server (it is on loopback here); every later hop goes through the real policy.
    const guard = {
      check: (url: string) => (url.startsWith(redirecting.url) ? Promise.resolve() : strict.check(url)),
      dispatcher: undefined,
    };
    const limits = { label: 'Webhook', maxBytes: 1024, timeoutMs: 5000 * TIME_FACTOR, guard };
    for (const path of ['/literal', '/named']) {
      const error = await failureOf(boundedRequest(`${redirecting.url}${path}`, {}, limits));
      expect(error).toBeInstanceOf(OutboundUrlRefused);
      expect(error.message).toContain('is a private network address');
    }
    await expect(boundedRequest(`${redirecting.url}/file`, {}, { ...limits, guard: undefined })).rejects.toThrow(
      'Only http and https addresses are allowed: file:',
    );
    expect(internal.seen).toHaveLength(0);
  });
});

describe('boundedFetchFunction', () => {
  it('gives SDKs a fetch whose body is capped as it streams and stays under the deadline', async () => {
    const server = await serve((_req, res, seen) => {
      if (seen.path === '/endless') void stream(res, Number.POSITIVE_INFINITY);
      else if (seen.path === '/trickle') trickle(res);
      else res.end(JSON.stringify({ got: seen.body, type: seen.headers['content-type'] }));
    });
    const boundedFetch = boundedFetchFunction({ label: 'AI provider', maxBytes: MB, timeoutMs: 30_000 * TIME_FACTOR });
    const hastyFetch = boundedFetchFunction({ label: 'AI provider', maxBytes: MB, timeoutMs: 500 * TIME_FACTOR });

    const form = new FormData();
    form.append('model', 'whisper-1');
    const echoed = (await (await boundedFetch(`${server.url}/echo`, { method: 'POST', body: form })).json()) as { got: string; type: string };
    expect(echoed.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.got).toContain('whisper-1');

    const endless = await boundedFetch(`${server.url}/endless`);
    expect(endless.status).toBe(200);
    await expect(endless.arrayBuffer()).rejects.toThrow('AI provider answered more than 1 MB');

    const slow = await hastyFetch(`${server.url}/trickle`);
    await expect(slow.text()).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
