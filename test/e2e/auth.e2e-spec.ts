import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Company } from '../../src/modules/companies/company.entity.js';
import { createTenant, DEFAULT_PASSWORD, login, type TenantFixture } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { mailTo } from '../utils/outbox.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('auth', () => {
  let t: TestApp;
  let tenant: TenantFixture;

  beforeAll(async () => {
    // With the auth context cache on, as in production: every change below must reach it.
    t = await createTestApp({ authContextCacheMs: 2000 });
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  it('logs in, returns the session user and sets an httpOnly refresh cookie', async () => {
    const res = await t.http().post('/api/auth/login').send({ email: tenant.admin.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toMatchObject({ id: tenant.admin.id, profile: 'admin', companyId: tenant.company.id });
    expect(res.body.user.company).toMatchObject({ id: tenant.company.id, name: tenant.company.name });
    expect(res.body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'userRating', value: 'disabled' }]));
    expect(JSON.stringify(res.body)).not.toMatch(/password|tokenVersion/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/jrt=.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses wrong credentials with ERR_INVALID_CREDENTIALS and bad payloads with field errors', async () => {
    const wrong = await t.http().post('/api/auth/login').send({ email: tenant.admin.email, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
    const bad = await t.http().post('/api/auth/login').send({ email: 'not-an-email', password: 3, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'extra', 'password']);
  });

  it('refreshes with the cookie (rotating it), serves /auth/me and logs out', async () => {
    const session = await login(t, tenant.user.email);
    const refreshed = await t.http().post('/api/auth/refresh_token').set('Cookie', session.cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(tenant.user.id);
    expect(String(refreshed.headers['set-cookie'])).toMatch(/jrt=/);

    const me = await t
      .http()
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${refreshed.body.token}` });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(tenant.user.id);
    expect(me.body.company.plan).toMatchObject({ useCampaigns: true, useKanban: true });
    expect(Array.isArray(me.body.rules)).toBe(true);
    expect(me.body.settings.find((s: { key: string }) => s.key === 'asaas')).toBeUndefined();

    const out = await t
      .http()
      .delete('/api/auth/logout')
      .set({ Authorization: `Bearer ${refreshed.body.token}` });
    expect(out.status).toBe(204);
    expect((await t.http().post('/api/auth/refresh_token').set('Cookie', session.cookie)).status).toBe(401);
    expect(
      (
        await t
          .http()
          .get('/api/auth/me')
          .set({ Authorization: `Bearer ${refreshed.body.token}` })
      ).status,
    ).toBe(401);
  });

  it('answers 401 ERR_SESSION_EXPIRED without a token and for a forged one', async () => {
    const none = await t.http().get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('ERR_SESSION_EXPIRED');
    const forged = await t.http().get('/api/auth/me').set({ Authorization: 'Bearer abc.def.ghi' });
    expect(forged.status).toBe(401);
    expect((await t.http().post('/api/auth/refresh_token')).status).toBe(401);
  });

  it('keeps one session per user: a second login ends the first and emits company-{id}-auth', async () => {
    const first = await login(t, tenant.admin.email);
    const socket = await connectSocket(t, first.token);
    const event = new Promise<unknown>((resolve) => socket.once(`company-${tenant.company.id}-auth`, resolve));
    const second = await login(t, tenant.admin.email);
    expect(await event).toEqual({ action: 'sessionReplaced', user: { id: tenant.admin.id } });
    socket.close();

    expect((await t.http().get('/api/auth/me').set(first.auth)).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh_token').set('Cookie', first.cookie)).status).toBe(401);
    expect((await t.http().get('/api/auth/me').set(second.auth)).status).toBe(200);
  });

  it('refuses a company whose due date is past with the spec text, and a disabled company', async () => {
    const expired = await createTenant(t, { company: { dueDate: new Date(Date.UTC(2025, 0, 15, 12)) } });
    const res = await t.http().post('/api/auth/login').send({ email: expired.admin.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(res.body.message).toBe('Opss! Sua assinatura venceu 15/01/2025. Entre em contato com o Suporte para mais informações!');

    const active = await createTenant(t);
    const session = await login(t, active.user.email);
    const em = t.em();
    await em.nativeUpdate(Company, { id: active.company.id }, { status: false });
    expect((await t.http().get('/api/auth/me').set(session.auth)).body.error).toBe('ERR_COMPANY_DISABLED');
    const disabled = await t.http().post('/api/auth/login').send({ email: active.user.email, password: DEFAULT_PASSWORD });
    expect(disabled.status).toBe(401);
    expect(disabled.body.error).toBe('ERR_COMPANY_DISABLED');
  });

  it('rate limits logins per account from one address', async () => {
    const victim = await createTenant(t);
    const limit = t.config.rateLimits.loginPerAccountAndIp.limit;
    for (let i = 0; i < limit; i += 1) {
      expect((await t.http().post('/api/auth/login').send({ email: victim.user.email, password: 'wrong' })).status).toBe(401);
    }
    const blocked = await t.http().post('/api/auth/login').send({ email: victim.user.email, password: DEFAULT_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_TOO_MANY_REQUESTS');
  });

  it('resets a password with the mailed single-use token', async () => {
    const target = await createTenant(t);
    // An unknown email gets the same answer as a known one: the form reveals no account.
    const unknown = await t.http().post('/api/forgetpassword/nobody@test.example');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ status: 200, message: 'Email enviado com sucesso!' });
    expect((await t.http().post('/api/forgetpassword/not-an-email')).status).toBe(400);

    const sent = await t.http().post(`/api/forgetpassword/${target.user.email}`);
    expect(sent.body.status).toBe(200);
    const mail = await mailTo(t, target.user.email);
    const token = /: ([0-9a-f]{32})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const weak = await t.http().post(`/api/resetpasswords/${target.user.email}/${token}/short`);
    expect(weak.status).toBe(400);
    const wrongToken = await t.http().post(`/api/resetpasswords/${target.user.email}/${'0'.repeat(32)}/NewPass123`);
    expect(wrongToken.body.error).toBe('ERR_INVALID_RESET_TOKEN');
    const ok = await t.http().post(`/api/resetpasswords/${target.user.email}/${token}/NewPass123`);
    expect(ok.body).toMatchObject({ status: 200 });
    expect((await t.http().post(`/api/resetpasswords/${target.user.email}/${token}/Another123`)).body.error).toBe('ERR_INVALID_RESET_TOKEN');
    expect((await t.http().post('/api/auth/login').send({ email: target.user.email, password: 'NewPass123' })).status).toBe(200);
  });

  it('serves version and health', async () => {
    expect((await t.http().get('/api/version')).body).toEqual({ version: t.config.version });
    expect((await t.http().get('/api/health')).body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });
});
