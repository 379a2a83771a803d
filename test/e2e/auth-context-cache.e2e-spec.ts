import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuthContextCache } from '../../src/authorization/auth-context.cache.js';
import { waitFor } from '../utils/channels.js';
import { createTenant, createUser, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

/** Longer than any wait here: a change that shows in the other process was invalidated there, not expired. */
const CACHE_MS = 60_000;

/**
 * Two API processes on one database and Redis, each caching auth contexts: a change made through one reaches the
 * other's cache at once (a demotion, a password, a disabled company), and without its Redis channel a process caches
 * nothing.
 */
describe('auth context cache across processes', () => {
  let a: TestApp;
  let b: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let superUser: Session;

  beforeAll(async () => {
    a = await createTestApp({ authContextCacheMs: CACHE_MS });
    b = await a.sibling();
    tenant = await createTenant(a);
    admin = await login(a, tenant.admin.email);
    superUser = await login(a, (await createUser(a, (await createTenant(a)).company, 'admin', { super: true })).email);
    await waitFor(() => a.app.get(AuthContextCache).get(-1, -1) === null && isSubscribed(a) && isSubscribed(b));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const isSubscribed = (t: TestApp) => (t.app.get(AuthContextCache) as unknown as { subscribed: boolean }).subscribed;
  /** Polls the other process until it answers `status`; the deadline is far below the cache's lifetime. */
  const answers = (t: TestApp, session: Session, path: string, status: number) =>
    waitFor(async () => ((await t.http().get(path).set(session.auth)).status === status ? true : null), 3000 * TIME_FACTOR);

  it('a demotion made through one process takes the admin routes away in the other at once', async () => {
    const second = await createUser(a, tenant.company, 'admin');
    const session = await login(a, second.email);
    // The audit trail is an admin's.
    expect((await b.http().get('/api/audit-logs').set(session.auth)).status).toBe(200);
    // The context is cached in b now: the same answer without a query.
    expect(b.app.get(AuthContextCache).get(second.id, 1)).not.toBeNull();
    await a.http().put(`/api/users/${second.id}`).set(admin.auth).send({ profile: 'user' }).expect(200);
    await answers(b, session, '/api/audit-logs', 403);
  });

  it('a password changed through one process ends the session in the other', async () => {
    const user = await createUser(a, tenant.company, 'user');
    const session = await login(a, user.email);
    expect((await b.http().get('/api/auth/me').set(session.auth)).status).toBe(200);
    await a.http().put(`/api/users/${user.id}`).set(admin.auth).send({ password: 'Another123!' }).expect(200);
    await answers(b, session, '/api/auth/me', 401);
  });

  it('a company disabled by a super user is refused in the other process', async () => {
    const other = await createTenant(a);
    const session = await login(a, other.admin.email);
    expect((await b.http().get('/api/auth/me').set(session.auth)).status).toBe(200);
    await a.http().put(`/api/companies/${other.company.id}`).set(superUser.auth).send({ status: false }).expect(200);
    await answers(b, session, '/api/auth/me', 401);
  });

  it('without its Redis channel a process caches nothing, and starts again once it is back', async () => {
    const cache = b.app.get(AuthContextCache);
    const subscriber = (cache as unknown as { subscriber: { disconnect: (reconnect?: boolean) => void } }).subscriber;
    expect((await b.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
    subscriber.disconnect(true);
    await waitFor(() => (isSubscribed(b) ? null : true));
    expect(cache.get(tenant.admin.id, 1)).toBeNull();
    await waitFor(() => (isSubscribed(b) ? true : null), 5000 * TIME_FACTOR);
    expect((await b.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
  });
});
