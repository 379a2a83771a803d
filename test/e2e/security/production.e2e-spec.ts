import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../../../src/config/app-config.js';
import { createTenant, login, type Session } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

const PUBLIC_URL = 'https://atendimento.example.com';
const SECRETS = { JWT_SECRET: 'j'.repeat(32), JWT_REFRESH_SECRET: 'r'.repeat(32), DATABASE_URL: 'postgres://x@127.0.0.1/x' };

/** Opens a socket with the given Origin header; answers whether the server accepted it. */
function socketAccepted(t: TestApp, token: string, origin?: string): Promise<boolean> {
  const socket: Socket = io(t.baseUrl, {
    path: '/socket.io',
    query: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: origin ? { Origin: origin } : {},
  });
  return new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  }).finally(() => socket.close());
}

describe('security: production mode', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp({ nodeEnv: 'production', isProduction: true, publicUrl: PUBLIC_URL, apiDocs: false });
    admin = await login(t, (await createTenant(t)).admin.email);
  });
  afterAll(() => t.close());

  it('turns the API docs off in production unless API_DOCS enables them', async () => {
    expect((await t.http().get('/api/docs')).status).toBe(404);
    expect((await t.http().get('/api/docs-json')).status).toBe(404);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true', ...SECRETS }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', ...SECRETS }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false', ...SECRETS }).apiDocs).toBe(false);
  });

  it('answers CORS only for the public origin and refuses calls from any other', async () => {
    const preflight = await t
      .http()
      .options('/api/auth/me')
      .set('Origin', PUBLIC_URL)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const own = await t.http().get('/api/auth/me').set('Origin', PUBLIC_URL).set(admin.auth);
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(PUBLIC_URL);

    for (const origin of ['https://evil.example', 'https://atendimento.example.com.evil.example', 'null']) {
      const foreignPreflight = await t.http().options('/api/auth/me').set('Origin', origin).set('Access-Control-Request-Method', 'GET');
      expect(foreignPreflight.status).toBe(403);
      expect(foreignPreflight.headers['access-control-allow-origin']).toBeUndefined();
      const foreign = await t.http().get('/api/auth/me').set('Origin', origin).set(admin.auth);
      expect(foreign.status).toBe(403);
      expect(foreign.body.error).toBe('ERR_ORIGIN_NOT_ALLOWED');
    }
    // API clients send no Origin.
    expect((await t.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
  });

  it('accepts sockets only from the public origin (or without one)', async () => {
    expect(await socketAccepted(t, admin.token, PUBLIC_URL)).toBe(true);
    expect(await socketAccepted(t, admin.token)).toBe(true);
    expect(await socketAccepted(t, admin.token, 'https://evil.example')).toBe(false);
  });

  it('keeps the development routes and the simulator out of production', async () => {
    expect((await t.http().post('/api/dev/simulator/1/inbound').set(admin.auth).send({})).status).toBe(404);
    expect((await t.http().post('/api/dev/simulator/1/scan').set(admin.auth).send({})).status).toBe(404);
    expect((await t.http().get('/api/dev/phone/connections').set('x-simulator-secret', 'anything')).status).toBe(404);
    expect((await t.http().post('/api/dev/phone/1/inbound').set('x-simulator-secret', 'anything').send({})).status).toBe(404);
    // Not routed at all, so not even a 401 tells that it exists.
    const pay = await t.http().post('/api/dev/payments/pay').set('x-simulator-secret', 'anything').send({ invoiceId: 1 });
    expect([pay.status, pay.body.error]).toEqual([404, 'ERR_NOT_FOUND']);
    expect((await t.http().post('/api/dev/payments/pay').send({ invoiceId: 1 })).status).toBe(404);
  });
});
