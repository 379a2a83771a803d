import type { Response } from 'supertest';
import { connectedSimulator, drainPipeline, waitFor } from '../../utils/channels.js';
import { refuseConnections, terminateBackends } from '../../utils/database-outage.js';
import { createTenant, DEFAULT_PASSWORD, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { PrivateRedis } from '../../utils/private-redis.js';
import { openSocket } from '../../utils/sockets.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

/** An outage answer: 503 ERR_SERVICE_UNAVAILABLE (or the inbox's own 503) with a Retry-After the client can use. */
function expectRetryable(res: Response, code = 'ERR_SERVICE_UNAVAILABLE'): void {
  expect([res.status, res.body.error]).toEqual([503, code]);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const stored = async (t: TestApp, ids: string[]) =>
  (await t.em().getConnection().execute<Array<{ provider_id: string }>>('select provider_id from messages where provider_id in (?)', [ids])).map(
    (row) => row.provider_id,
  );

describe('security: a database blip signs nobody out', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let connectionId: number;
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    connectionId = (await connectedSimulator(t, tenant.company.id)).id;
  });
  afterAll(async () => {
    await restore?.();
    await t?.close();
  });

  const loginFrom = (ip: string, email: string, password: string) => t.http().post('/api/auth/login').set('x-forwarded-for', ip).send({ email, password });
  const inbound = (id: string, body = 'oi') =>
    t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(admin.auth).send({ from: '5511955550000', name: 'Rita', body, id });

  it(
    'answers 503 with Retry-After while the database refuses connections, and nobody is signed out',
    async () => {
      restore = await refuseConnections(t.config.databaseUrl);
      try {
        // Signed-in requests: the session is fine, the database is not.
        for (const path of ['/api/auth/me', '/api/tickets', '/api/tags', '/api/contacts']) expectRetryable(await t.http().get(path).set(admin.auth));
        expectRetryable(await t.http().post('/api/tags').set(admin.auth).send({ name: 'Durante', color: '#00ff00' }));

        // Logins: 503, and none of them counts toward the lockout (10 per account and address).
        for (let i = 0; i < 15; i += 1) expectRetryable(await loginFrom('10.9.0.1', tenant.user.email, i % 2 ? DEFAULT_PASSWORD : 'wrong-guess'));

        // The refresh token is kept for the retry (no cleared cookie) and is not spent.
        const refresh = await t.http().post('/api/auth/refresh_token').set('cookie', admin.cookie);
        expectRetryable(refresh);
        expect(([] as string[]).concat(refresh.headers['set-cookie'] ?? []).join()).not.toContain('jrt=;');

        // A customer's message is not acknowledged: the sender keeps it and retries.
        const refused = await inbound('BLIP-REFUSED');
        expect(refused.status).toBe(503);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

        // A socket refused now is told to try again, not that its session ended.
        const socket = openSocket(t, admin.token);
        const refusal = await new Promise<Error & { data?: { retryable?: boolean } }>((resolve) => socket.once('connect_error', resolve));
        socket.close();
        expect(refusal.message).toBe('ERR_SERVICE_UNAVAILABLE');
        expect(refusal.data?.retryable).toBe(true);
      } finally {
        await restore();
      }

      // Back: the same access token works, the same refresh token rotates, the right password gets in.
      const me = await waitFor(async () => {
        const res = await t.http().get('/api/auth/me').set(admin.auth);
        return res.status === 503 ? null : res;
      }, 15_000 * TIME_FACTOR);
      expect(me.status).toBe(200);
      expect((await t.http().post('/api/auth/refresh_token').set('cookie', admin.cookie)).status).toBe(200);
      expect((await loginFrom('10.9.0.1', tenant.user.email, DEFAULT_PASSWORD)).status).toBe(200);
      expect((await t.http().get('/api/tags').set(admin.auth)).status).toBe(200);

      // The refused message, sent again, is recorded once.
      expect((await inbound('BLIP-REFUSED')).status).toBe(202);
      await drainPipeline(t);
      expect(await stored(t, ['BLIP-REFUSED'])).toEqual(['BLIP-REFUSED']);
    },
    60_000 * TIME_FACTOR,
  );

  it(
    'answers inbound traffic 202 or 503 while backends are terminated mid-traffic, and loses nothing it acknowledged',
    async () => {
      const ids = Array.from({ length: 30 }, (_, i) => `BLIP-BURST-${i}`);
      const sends = ids.map(async (id, i) => {
        if (i === 10 || i === 20) await terminateBackends(t.config.databaseUrl);
        return [id, await inbound(id, `mensagem ${i}`)] as const;
      });
      const answers = await Promise.all(sends);
      for (const [, res] of answers) {
        expect([202, 503]).toContain(res.status);
        if (res.status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      await drainPipeline(t);
      const acknowledged = answers.filter(([, res]) => res.status === 202).map(([id]) => id);
      expect((await stored(t, acknowledged)).sort()).toEqual([...acknowledged].sort());

      // The sender retries what was refused; everything ends up recorded, and the session is still there.
      for (const [id] of answers.filter(([, res]) => res.status === 503)) {
        const again = await waitFor(async () => {
          const res = await inbound(id);
          return res.status === 503 ? null : res;
        }, 15_000 * TIME_FACTOR);
        expect(again.status).toBe(202);
      }
      await drainPipeline(t);
      expect((await stored(t, ids)).length).toBe(ids.length);
      expect((await t.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
    },
    60_000 * TIME_FACTOR,
  );
});

describe('security: a Redis outage signs nobody out', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({ redisUrl: redis.url });
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.down();
  });

  it(
    'answers logins 503 with Retry-After while Redis is down, never 401 or 500 to a session, and the token works after',
    async () => {
      const contact = await t.http().post('/api/contacts').set(admin.auth).send({ name: 'Caio', number: '5511922225555' });
      expect(contact.status).toBe(201);
      await redis.down();
      try {
        for (let i = 0; i < 3; i += 1) expectRetryable(await t.http().post('/api/auth/login').send({ email: tenant.user.email, password: DEFAULT_PASSWORD }));
        for (const path of ['/api/auth/me', '/api/tickets', '/api/tags']) {
          const res = await t.http().get(path).set(admin.auth);
          expect(res.status === 200 || res.status === 503).toBe(true);
          if (res.status === 503) expectRetryable(res);
        }
        const unlock = await t.http().post(`/api/users/${tenant.user.id}/unlock-login`).set(admin.auth);
        expectRetryable(unlock);
        // A write that arms a delayed job (BullMQ) is kept in the database and armed later, or refused with 503.
        const sendAt = new Date(Date.now() + 3_600_000).toISOString();
        const schedule = await t.http().post('/api/schedules').set(admin.auth).send({ body: 'Lembrete', sendAt, contactId: contact.body.id });
        expect([201, 503]).toContain(schedule.status);
        if (schedule.status === 503) expectRetryable(schedule);
      } finally {
        await redis.up();
      }
      const back = await waitFor(async () => {
        const res = await t.http().post('/api/auth/login').send({ email: tenant.user.email, password: DEFAULT_PASSWORD });
        return res.status === 503 ? null : res;
      }, 15_000 * TIME_FACTOR);
      expect(back.status).toBe(200);
      expect((await t.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
    },
    60_000 * TIME_FACTOR,
  );
});
