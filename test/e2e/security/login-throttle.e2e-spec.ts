import { spawnSync } from 'node:child_process';
import { DEFAULT_RATE_LIMITS } from '../../../src/config/app-config.js';
import { TokenService } from '../../../src/authorization/token.service.js';
import { createTenant, createUser, DEFAULT_PASSWORD, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { mailTo } from '../../utils/outbox.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

describe('security: login throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A low ceiling per account, so the test can reach it with a few addresses.
    t = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerAccount: { limit: 25, windowSeconds: 900 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  // The app trusts the loopback proxy, so X-Forwarded-For names the client's address.
  const loginFrom = (ip: string, email: string, password: string) => t.http().post('/api/auth/login').set('x-forwarded-for', ip).send({ email, password });
  const perPair = DEFAULT_RATE_LIMITS.loginPerAccountAndIp.limit;

  it('counts 40 simultaneous wrong passwords for one account as 40, and locks that address out', async () => {
    const victim = await createTenant(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => loginFrom('10.1.0.1', victim.user.email, 'wrong-guess')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(perPair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - perPair);
    // Even the right password from that address waits now.
    const right = await loginFrom('10.1.0.1', victim.user.email, DEFAULT_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('ERR_TOO_MANY_REQUESTS');
  });

  it('does not lock the owner out from another address, and a ceiling per account bounds guessing from many', async () => {
    const victim = await createTenant(t);
    for (const ip of ['10.2.0.1', '10.2.0.2']) {
      for (let i = 0; i < perPair; i += 1) expect((await loginFrom(ip, victim.user.email, 'wrong-guess')).status).toBe(401);
    }
    // The owner, elsewhere, still gets in (and does not use up the account's budget).
    expect((await loginFrom('10.2.0.9', victim.user.email, DEFAULT_PASSWORD)).status).toBe(200);
    // A third guessing address reaches the ceiling of the account (25 attempts over every address).
    const third = [];
    for (let i = 0; i < perPair; i += 1) third.push((await loginFrom('10.2.0.3', victim.user.email, 'wrong-guess')).status);
    expect(third.filter((s) => s === 401)).toHaveLength(25 - 2 * perPair);
    expect(third.at(-1)).toBe(429);
    expect((await loginFrom('10.2.0.4', victim.user.email, 'wrong-guess')).status).toBe(429);
  });

  async function lockedOut(): Promise<TenantFixture> {
    const victim = await createTenant(t);
    for (let i = 0; i < perPair; i += 1) await loginFrom('10.3.0.1', victim.user.email, 'wrong-guess');
    expect((await loginFrom('10.3.0.1', victim.user.email, DEFAULT_PASSWORD)).status).toBe(429);
    return victim;
  }

  it('is unlocked by an admin with `npm run cli -- unlock-login --email`', async () => {
    const victim = await lockedOut();
    const run = spawnSync(process.execPath, ['dist/src/cli.js', 'unlock-login', '--email', victim.user.email], {
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: t.config.databaseUrl, REDIS_PREFIX: t.config.redisPrefix, DATA_DIR: t.config.dataDir },
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('unlocked');
    expect(run.status).toBe(0);
    expect((await loginFrom('10.3.0.1', victim.user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it("is unlocked by the company's admin (POST /api/users/{id}/unlock-login) or a super user, and by nobody else", async () => {
    const victim = await lockedOut();
    const admin = await login(t, victim.admin.email);
    const supervisor = await login(t, (await createUser(t, victim.company, 'supervisor')).email);
    const outsider = await login(t, (await createTenant(t)).admin.email);
    const unlock = (session: Session, id = victim.user.id) => t.http().post(`/api/users/${id}/unlock-login`).set(session.auth);
    expect((await unlock(supervisor)).status).toBe(403);
    expect((await unlock(outsider)).status).toBe(404);
    expect((await loginFrom('10.3.0.1', victim.user.email, DEFAULT_PASSWORD)).status).toBe(429);
    expect((await unlock(admin)).status).toBe(204);
    expect((await loginFrom('10.3.0.1', victim.user.email, DEFAULT_PASSWORD)).status).toBe(200);

    // The super user of the company is unlocked by a super user only, like every other change to it.
    const root = await createUser(t, victim.company, 'admin', { super: true, email: `root-lock-${Date.now()}@test.example` });
    const rootSession = await login(t, root.email);
    for (let i = 0; i < perPair; i += 1) await loginFrom('10.3.0.2', root.email, 'wrong-guess');
    expect((await unlock(admin, root.id)).status).toBe(403);
    expect((await unlock(rootSession, root.id)).status).toBe(204);
    expect((await loginFrom('10.3.0.2', root.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('is unlocked by a password reset', async () => {
    const victim = await lockedOut();
    expect((await t.http().post('/api/forgetpassword').send({ email: victim.user.email })).status).toBe(200);
    const token = /: ([0-9a-f]{32})/.exec((await mailTo(t, victim.user.email)).text)?.[1];
    const reset = await t.http().post('/api/resetpasswords').send({ email: victim.user.email, token, newPassword: 'Desbloqueio123' });
    expect(reset.status).toBe(200);
    expect((await loginFrom('10.3.0.1', victim.user.email, 'Desbloqueio123')).status).toBe(200);
  });
});

describe('security: password reset throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const forgotFrom = (ip: string, email: string) => t.http().post('/api/forgetpassword').set('x-forwarded-for', ip).send({ email });
  const resetFrom = (ip: string, email: string, token: string, newPassword: string) =>
    t.http().post('/api/resetpasswords').set('x-forwarded-for', ip).send({ email, token, newPassword });
  const perEmail = DEFAULT_RATE_LIMITS.resetPerEmail.limit;

  it("lets the owner's valid code through after a stranger's flood of forgot-password requests", async () => {
    const owner = await createTenant(t);
    expect((await forgotFrom('10.4.0.9', owner.user.email)).status).toBe(200);
    const token = /: ([0-9a-f]{32})/.exec((await mailTo(t, owner.user.email)).text)?.[1];
    expect(token).toBeDefined();
    // Ten anonymous requests for the owner's account, from the owner's own address and from another one.
    const flood = [];
    for (let i = 0; i < 5; i += 1)
      flood.push((await forgotFrom('10.4.0.9', owner.user.email)).status, (await forgotFrom('10.4.0.66', owner.user.email)).status);
    expect(flood).toContain(429);
    const reset = await resetFrom('10.4.0.9', owner.user.email, token ?? '', 'Recuperada123');
    expect(reset.status).toBe(200);
    expect((await t.http().post('/api/auth/login').send({ email: owner.user.email, password: 'Recuperada123' })).status).toBe(200);
  });

  it("throttles bad codes per account and address, without blocking the owner's valid code elsewhere", async () => {
    const owner = await createTenant(t);
    expect((await forgotFrom('10.5.0.9', owner.user.email)).status).toBe(200);
    const token = /: ([0-9a-f]{32})/.exec((await mailTo(t, owner.user.email)).text)?.[1] ?? '';
    const guesses = [];
    for (let i = 0; i < perEmail + 2; i += 1) guesses.push((await resetFrom('10.5.0.66', owner.user.email, '0'.repeat(32), 'Tentativa123')).status);
    expect(guesses.slice(0, perEmail)).toEqual(Array(perEmail).fill(400));
    expect(guesses.slice(perEmail)).toEqual([429, 429]);
    const blocked = await resetFrom('10.5.0.66', owner.user.email, token, 'Tentativa123');
    expect([blocked.status, blocked.body.error]).toEqual([429, 'ERR_TOO_MANY_REQUESTS']);
    // The guesser's address is locked out of the account; the owner, elsewhere, is not.
    expect((await resetFrom('10.5.0.9', owner.user.email, token, 'Recuperada123')).status).toBe(200);
  });
});

describe('security: sign-in while Redis is down', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens there: the limits cannot be kept, so the routes they protect say so at once.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:6398' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['login', '/api/auth/login', { email: 'ana@test.example', password: 'whatever1' }],
    ['forgot password', '/api/forgetpassword', { email: 'ana@test.example' }],
    ['password reset', '/api/resetpasswords', { email: 'ana@test.example', token: '0'.repeat(32), newPassword: 'Nova12345' }],
    ['signup', '/api/companies/cadastro', { name: 'Loja Nova', email: 'ana@test.example', password: 'Nova12345', planId: 1 }],
  ])('answers 503 with a clear message to %s at once, not a 500 after a timeout', async (_name, path, body) => {
    const started = Date.now();
    const res = await t.http().post(path).send(body);
    // Not after Redis's command timeout (5 s): the limiter sees the connection is down and says so.
    expect(Date.now() - started).toBeLessThan(1000 * TIME_FACTOR);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
  });

  it("answers an admin's unlock with 503 at once: the locks cannot be cleared", async () => {
    const tenant = await createTenant(t);
    // No login while Redis is down: a token as the login would have issued it.
    const token = t.app.get(TokenService).signAccess({ sub: tenant.admin.id, companyId: tenant.company.id, tv: tenant.admin.tokenVersion });
    const started = Date.now();
    const res = await t.http().post(`/api/users/${tenant.user.id}/unlock-login`).set('authorization', `Bearer ${token}`);
    expect(Date.now() - started).toBeLessThan(1000 * TIME_FACTOR);
    expect([res.status, res.body.error]).toEqual([503, 'ERR_SERVICE_UNAVAILABLE']);
  });
});
