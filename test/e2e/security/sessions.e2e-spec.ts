import type { Socket } from 'socket.io-client';
import { dayFromToday, dueDayEnd, dueDayText } from '../../../src/shared/due-date.js';
import { CompanyExpiry } from '../../../src/modules/companies/company-expiry.js';
import { waitFor } from '../../utils/channels.js';
import { createTenant, createUser, DEFAULT_PASSWORD, login, type Session } from '../../utils/factories.js';
import { connectSocket } from '../../utils/sockets.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

describe('security: sessions end when what they stood for changes', () => {
  let t: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // With the auth context cache on, as in production: every change below must reach it.
    t = await createTestApp({ authContextCacheMs: 2000 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const refresh = (cookie: string) => t.http().post('/api/auth/refresh_token').set('Cookie', cookie);
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('jrt=')) ?? '';
  const me = (token: string) => t.http().get('/api/auth/me').set('authorization', `Bearer ${token}`);
  const socketOf = async (session: Session) => {
    const socket = await connectSocket(t, session.token);
    sockets.push(socket);
    return socket;
  };
  const disconnected = (socket: Socket) => waitFor(() => !socket.connected, 5000 * TIME_FACTOR);

  it('rotates refresh tokens: a rotated one presented again later ends the session everywhere', async () => {
    const tenant = await createTenant(t);
    const first = await login(t, tenant.user.email);
    const rotated = await refresh(first.cookie);
    expect(rotated.status).toBe(200);
    const second = cookieOf(rotated);
    // Two tabs refreshing together (or a page that left before the new cookie arrived): served again, no alarm.
    expect((await refresh(first.cookie)).status).toBe(200);
    const third = await refresh(second);
    expect(third.status).toBe(200);
    const socket = await socketOf({ ...first, token: third.body.token });

    // Later, the old cookie comes back: someone holds a copy. The whole family and the user's access end.
    await t.em().getConnection().execute("update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null");
    expect((await refresh(first.cookie)).status).toBe(401);
    expect((await refresh(cookieOf(third))).status).toBe(401);
    expect((await me(third.body.token)).status).toBe(401);
    await disconnected(socket);
    // The owner logs in again and carries on.
    expect((await me((await login(t, tenant.user.email)).token)).status).toBe(200);
  });

  it('recognises reuse of a refresh cookie rotated days ago, after the session has refreshed on since', async () => {
    const tenant = await createTenant(t);
    const stolen = await login(t, tenant.user.email);
    const next = await refresh(stolen.cookie);
    expect(next.status).toBe(200);
    // Days pass; the owner's tab keeps refreshing (each refresh drops the rows that can never be presented again).
    await t
      .em()
      .getConnection()
      .execute("update refresh_tokens set used_at = now() - interval '3 days' where user_id = ? and used_at is not null", [tenant.user.id]);
    const latest = await refresh(cookieOf(next));
    expect(latest.status).toBe(200);
    expect((await refresh(stolen.cookie)).status).toBe(401);
    expect((await me(latest.body.token)).status).toBe(401);
    expect((await refresh(cookieOf(latest))).status).toBe(401);
  });

  it("closes the replaced session's sockets after telling them, so a client that ignores the message hears no more", async () => {
    const tenant = await createTenant(t);
    const first = await login(t, tenant.user.email);
    const socket = await socketOf(first);
    const heard: string[] = [];
    socket.onAny((event: string, payload: { action?: string }) => heard.push(`${event}:${payload?.action ?? ''}`));
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await login(t, tenant.user.email);
    expect(await reason).toBe('io server disconnect');
    expect(heard).toContain(`company-${tenant.company.id}-auth:sessionReplaced`);
    // It does not come back by itself, and its old token is refused if it tries.
    expect(socket.connected).toBe(false);
    await expect(connectSocket(t, first.token)).rejects.toBeDefined();
  });

  it('leaves exactly one working session after parallel logins of one user', async () => {
    const tenant = await createTenant(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.http().post('/api/auth/login').send({ email: tenant.user.email, password: DEFAULT_PASSWORD })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const working = (await Promise.all(answers.map((a) => me(a.body.token)))).filter((r) => r.status === 200);
    expect(working).toHaveLength(1);
    const refreshable = (await Promise.all(answers.map((a) => refresh(cookieOf(a))))).filter((r) => r.status === 200);
    expect(refreshable).toHaveLength(1);
  });

  it("ends the user's tokens, refresh cookie and sockets when an admin changes their password", async () => {
    const tenant = await createTenant(t);
    const admin = await login(t, tenant.admin.email);
    const user = await login(t, tenant.user.email);
    const socket = await socketOf(user);
    expect((await t.http().put(`/api/users/${tenant.user.id}`).set(admin.auth).send({ password: 'Trocada123' })).status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);
    await disconnected(socket);
    expect((await me((await login(t, tenant.user.email, 'Trocada123')).token)).status).toBe(200);
  });

  it('renews the session of a user who changes their own password, and ends every other copy of it', async () => {
    const tenant = await createTenant(t);
    const user = await login(t, tenant.user.email);
    const changed = await t.http().put(`/api/users/${tenant.user.id}`).set(user.auth).send({ password: 'MinhaNova123' });
    expect(changed.status).toBe(200);
    // The old access token and refresh cookie (anyone's copy) are dead; the new cookie of the answer works.
    expect((await me(user.token)).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);
    const renewed = await refresh(cookieOf(changed));
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.token)).status).toBe(200);
  });

  it('makes sockets rejoin with fresh rights when a user loses a profile or queues, without ending the session', async () => {
    const tenant = await createTenant(t);
    const admin = await login(t, tenant.admin.email);
    const supervisor = await createUser(t, tenant.company, 'supervisor');
    const session = await login(t, supervisor.email);
    const socket = await socketOf(session);
    expect((await t.http().put(`/api/users/${supervisor.id}`).set(admin.auth).send({ profile: 'user' })).status).toBe(200);
    await disconnected(socket);
    // Requests read the profile afresh: the token still works, with the new profile.
    const now = await me(session.token);
    expect(now.status).toBe(200);
    expect(now.body.user.profile).toBe('user');
    const again = await socketOf(session);
    expect(
      (
        await t
          .http()
          .put(`/api/users/${supervisor.id}`)
          .set(admin.auth)
          .send({ queueIds: [tenant.queues[1]!.id] })
      ).status,
    ).toBe(200);
    await disconnected(again);
  });

  it("drops a disabled company's sockets and refuses its tokens and refresh cookies", async () => {
    const tenant = await createTenant(t);
    const root = await createUser(t, (await createTenant(t)).company, 'admin', { super: true, email: `root-s-${Date.now()}@test.example` });
    const superSession = await login(t, root.email);
    const user = await login(t, tenant.user.email);
    const socket = await socketOf(user);
    expect((await t.http().put(`/api/companies/${tenant.company.id}`).set(superSession.auth).send({ status: false })).status).toBe(200);
    await disconnected(socket);
    expect((await me(user.token)).body.error).toBe('ERR_COMPANY_DISABLED');
    expect((await refresh(user.cookie)).status).toBe(401);
    const retry = connectSocket(t, user.token);
    await expect(retry).rejects.toBeDefined();
  });

  it('drops the sockets of a company whose due date passes, on the periodic check', async () => {
    const tenant = await createTenant(t);
    const user = await login(t, tenant.user.email);
    const socket = await socketOf(user);
    // Due yesterday in its zone: the check of the minute that day ended finds it.
    const passed = dayFromToday(-1, tenant.company.timezone);
    await t
      .em()
      .getConnection()
      .execute('update companies set due_date = ? where id = ?', [dueDayText(passed), tenant.company.id]);
    const end = dueDayEnd(passed, tenant.company.timezone).getTime();
    const dropped = await t.app.get(CompanyExpiry).disconnectExpired(new Date(end - 120_000), new Date(end + 1000));
    expect(dropped).toContain(tenant.company.id);
    await disconnected(socket);
    expect((await me(user.token)).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect((await refresh(user.cookie)).status).toBe(401);
  });
});
