import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTenant, createUser, DEFAULT_PASSWORD, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('users', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    // With the auth context cache on, as in production: every change below must reach it.
    t = await createTestApp({ authContextCacheMs: 2000 });
    ({ a, b, adminA, userA, adminB } = await twoTenants(t, { plan: { users: 4 } }));
  });
  afterAll(() => t.close());

  it('lists users in the spec dialect with search and counts', async () => {
    const res = await t.http().get('/api/users').query({ searchParam: 'admin', pageNumber: 1 }).set(adminA.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMore: false, count: 1 });
    expect(res.body.users).toEqual([expect.objectContaining({ id: a.admin.id, email: a.admin.email })]);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion/);
  });

  it('lists users in the react-admin dialect with Content-Range', async () => {
    const res = await t.http().get('/api/users').query({ range: '[0,0]', sort: '["id","ASC"]', filter: '{}' }).set(adminA.auth);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1);
    expect(res.headers['content-range']).toBe('users 0-0/2');
    const bad = await t.http().get('/api/users').query({ sort: '["passwordHash","ASC"]' }).set(adminA.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('creates a user with queues, emits company-{id}-user to that company only', async () => {
    const socketA = await connectSocket(t, adminA.token);
    const socketB = await connectSocket(t, adminB.token);
    const leaked: unknown[] = [];
    socketB.onAny((event, payload) => leaked.push({ event, payload }));
    const received = new Promise<{ action: string; user: { email: string } }>((resolve) => socketA.once(`company-${a.company.id}-user`, resolve));

    const res = await t
      .http()
      .post('/api/users')
      .set(adminA.auth)
      .send({
        name: 'Maria Souza',
        email: 'Maria@Test.example',
        password: 'secret1',
        profile: 'user',
        queueIds: [a.queues[0]!.id, a.queues[1]!.id],
        allTicket: 'enabled',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'maria@test.example', profile: 'user', allTicket: 'enabled', companyId: a.company.id });
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual([a.queues[0]!.id, a.queues[1]!.id]);
    expect(await received).toMatchObject({ action: 'create', user: { email: 'maria@test.example' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked.filter((e) => JSON.stringify(e).includes('maria@test.example'))).toEqual([]);
    socketA.close();
    socketB.close();
    expect((await t.http().post('/api/auth/login').send({ email: 'maria@test.example', password: 'secret1' })).status).toBe(200);
  });

  it('answers 400 with field errors for bad payloads and 409 for a taken email', async () => {
    const bad = await t
      .http()
      .post('/api/users')
      .set(adminA.auth)
      .send({ name: 'x', email: 'nope', password: '1', profile: 'root', queueIds: ['a'] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'name', 'password', 'profile', 'queueIds']);
    const taken = await t.http().post('/api/users').set(adminA.auth).send({ name: 'Dup', email: b.admin.email, password: 'secret1' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_DUPLICATED_EMAIL');
    const foreignQueue = await t
      .http()
      .post('/api/users')
      .set(adminA.auth)
      .send({ name: 'Fila', email: 'fila@test.example', password: 'secret1', queueIds: [b.queues[0]!.id] });
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('enforces the plan user limit', async () => {
    // plan allows 4: admin, user and Maria exist
    const fourth = await t.http().post('/api/users').set(adminA.auth).send({ name: 'Quarto', email: 'quarto@test.example', password: 'secret1' });
    expect(fourth.status).toBe(201);
    const fifth = await t.http().post('/api/users').set(adminA.auth).send({ name: 'Quinto', email: 'quinto@test.example', password: 'secret1' });
    expect(fifth.status).toBe(403);
    expect(fifth.body.error).toBe('ERR_PLAN_USER_LIMIT');
  });

  it('refuses creation when the userCreation setting is disabled', async () => {
    const c = await createTenant(t);
    const admin = await login(t, c.admin.email);
    expect((await t.http().put('/api/settings/userCreation').set(admin.auth).send({ value: 'disabled' })).status).toBe(200);
    const res = await t.http().post('/api/users').set(admin.auth).send({ name: 'Novo', email: 'novo@test.example', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_USER_CREATION_DISABLED');
  });

  it('does not let a profile user create users, change profiles or queues, or edit others', async () => {
    const create = await t.http().post('/api/users').set(userA.auth).send({ name: 'Hacker', email: 'h@test.example', password: 'secret1' });
    expect(create.status).toBe(403);
    expect(create.body.error).toBe('ERR_NO_PERMISSION');
    const promote = await t.http().put(`/api/users/${a.user.id}`).set(userA.auth).send({ profile: 'admin' });
    expect(promote.status).toBe(403);
    const queues = await t
      .http()
      .put(`/api/users/${a.user.id}`)
      .set(userA.auth)
      .send({ queueIds: [a.queues[1]!.id] });
    expect(queues.status).toBe(403);
    const other = await t.http().put(`/api/users/${a.admin.id}`).set(userA.auth).send({ name: 'Renamed' });
    expect(other.status).toBe(403);
    const remove = await t.http().delete(`/api/users/${a.admin.id}`).set(userA.auth);
    expect(remove.status).toBe(403);
  });

  it('lets a user edit their own name and password (same profile sent back is fine)', async () => {
    const res = await t.http().put(`/api/users/${a.user.id}`).set(userA.auth).send({ name: 'Atendente Novo', profile: 'user', password: '' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Atendente Novo');
  });

  it('lets an admin change profile and queues, and delete users but not themselves', async () => {
    const extra = await createUser(t, a.company);
    const updated = await t
      .http()
      .put(`/api/users/${extra.id}`)
      .set(adminA.auth)
      .send({ profile: 'supervisor', queueIds: [a.queues[1]!.id] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ profile: 'supervisor', queues: [expect.objectContaining({ id: a.queues[1]!.id })] });
    expect((await t.http().delete(`/api/users/${a.admin.id}`).set(adminA.auth)).body.error).toBe('ERR_CANNOT_DELETE_SELF');
    expect((await t.http().delete(`/api/users/${extra.id}`).set(adminA.auth)).status).toBe(204);
    expect((await t.http().get(`/api/users/${extra.id}`).set(adminA.auth)).status).toBe(404);
  });

  it('hides every user of another company: 404 on ids, absent from lists and counts', async () => {
    for (const req of [
      t.http().get(`/api/users/${a.admin.id}`),
      t.http().put(`/api/users/${a.user.id}`).send({ name: 'Taken over' }),
      t.http().delete(`/api/users/${a.user.id}`),
    ]) {
      const res = await req.set(adminB.auth);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_USER_FOUND');
    }
    const list = await t.http().get('/api/users').set(adminB.auth);
    expect(list.body.count).toBe(2);
    expect(list.body.users.every((u: { companyId: number }) => u.companyId === b.company.id)).toBe(true);
    const all = await t.http().get('/api/users/list').set(adminB.auth);
    expect(all.body.map((u: { id: number }) => u.id).sort()).toEqual([b.admin.id, b.user.id].sort());
  });

  it('answers 400 for a non-numeric id', async () => {
    const res = await t.http().get('/api/users/abc').set(adminA.auth);
    expect(res.status).toBe(400);
  });

  it('keeps the login working with the default password factory', async () => {
    expect((await t.http().post('/api/auth/login').send({ email: b.user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });
});
