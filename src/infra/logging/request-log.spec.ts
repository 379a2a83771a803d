import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { AUTH_CONTEXT_KEY } from '../../common/request-keys.js';
import { requestLogLevel, requestLogOptions } from './request-log.js';

/** Serves one request through the request logger and answers the line it wrote. */
async function loggedLine(path: string, headers: Record<string, string>, signedIn = true): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const middleware = pinoHttp({ ...requestLogOptions('info'), logger: pino({ level: 'info' }, sink) });
  const server = createServer((req, res) => {
    middleware(req, res);
    // As the auth guard leaves it.
    if (signedIn) Object.assign(req, { [AUTH_CONTEXT_KEY]: { companyId: 7, userId: 42 } });
    res.setHeader('set-cookie', 'jrt=refresh-secret');
    res.statusCode = 201;
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const done = new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    await done;
    const deadline = Date.now() + 5000;
    while (!lines.length && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  } finally {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
}

describe('request log line', () => {
  it('is short JSON: id, method, URL without query, status, time, company and user; no headers or secrets', async () => {
    const line = await loggedLine('/api/messages/12?token=eyJsecret&cursor=abc', {
      authorization: 'Bearer eyJsecret',
      cookie: 'jrt=refresh-secret',
      'user-agent': 'x'.repeat(500),
      'x-request-id': 'proxy-id-1',
    });
    expect(line.req).toEqual({ id: 'proxy-id-1', method: 'POST', url: '/api/messages/12' });
    expect(line.res).toEqual({ statusCode: 201 });
    expect(line).toMatchObject({ companyId: 7, userId: 42, msg: 'request completed' });
    expect(typeof line.responseTime).toBe('number');
    const text = JSON.stringify(line);
    expect(text).not.toMatch(/eyJsecret|refresh-secret|xxxxxxxx|headers/);
    expect(text.length).toBeLessThan(300);
  });

  it('gives a request without a usable id one of its own', async () => {
    const line = await loggedLine('/api/version', { 'x-request-id': 'bad id with spaces' }, false);
    expect((line.req as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line).not.toHaveProperty('companyId');
  });
});

describe('request log sampling', () => {
  const level = (sample: number, method: string, status: number, draw: number, error?: Error) =>
    requestLogLevel(sample, () => draw)({ method } as IncomingMessage, { statusCode: status } as ServerResponse, error);

  it('logs every request by default', () => {
    expect(level(1, 'GET', 200, 0.99)).toBe('info');
  });

  it('samples successful reads only: writes, refusals and errors are always logged', () => {
    expect(level(0.1, 'GET', 200, 0.5)).toBe('silent');
    expect(level(0.1, 'HEAD', 304, 0.5)).toBe('silent');
    expect(level(0.1, 'GET', 200, 0.05)).toBe('info');
    expect(level(0.1, 'POST', 201, 0.5)).toBe('info');
    expect(level(0, 'GET', 404, 0.5)).toBe('warn');
    expect(level(0, 'GET', 503, 0.5)).toBe('error');
    expect(level(0, 'GET', 200, 0.5, new Error('boom'))).toBe('error');
  });
});
