import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { createTenant, createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

type Row = { id: number; companyId?: number };
const ids = (rows: Row[]) => rows.map((r) => r.id).sort((x, y) => x - y);
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

/** Super users manage tenants: another company's users, and its queues and connections for the user dialog. */
describe('super users and the users of other companies', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let adminB: Session;
  let superA: Session;
  let superUser: User;
  let connectionA: Whatsapp;
  let connectionB: Whatsapp;

  async function addConnection(company: Company, name: string): Promise<Whatsapp> {
    const em = t.em();
    const whatsapp = em.create(Whatsapp, { company: em.getReference(Company, company.id), name });
    await em.flush();
    return whatsapp;
  }

  /** Collects every `company-*-user` event a socket receives. */
  function userEvents(socket: Socket): { event: string; payload: unknown }[] {
    const seen: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => {
      if (event.endsWith('-user')) seen.push({ event, payload });
    });
    return seen;
  }

  /** The first `event` whose payload matches; presence updates (online/offline) share the topic. */
  const eventWhere = <T>(socket: Socket, event: string, match: (payload: T) => boolean) =>
    new Promise<T>((resolve) => {
      const listener = (payload: T) => {
        if (!match(payload)) return;
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, adminB } = await twoTenants(t));
    superUser = await createUser(t, a.company, 'admin', { super: true });
    superA = await login(t, superUser.email);
    connectionA = await addConnection(a.company, 'Loja A');
    connectionB = await addConnection(b.company, 'Loja B');
  });
  afterAll(() => t.close());

  describe('a super user', () => {
    it('lists the users of another company in every list endpoint and dialect, without secrets', async () => {
      const all = await t.http().get('/api/users/list').query({ companyId: b.company.id }).set(superA.auth);
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual(sorted([b.admin.id, b.user.id]));
      expect(all.body.every((u: Row) => u.companyId === b.company.id)).toBe(true);

      const search = await t.http().get('/api/users/list').query({ companyId: b.company.id, searchParam: b.admin.name }).set(superA.auth);
      expect(ids(search.body)).toEqual([b.admin.id]);

      const spec = await t.http().get('/api/users').query({ companyId: b.company.id, searchParam: '', pageNumber: 1 }).set(superA.auth);
      expect(spec.status).toBe(200);
      expect(spec.body).toMatchObject({ count: 2, hasMore: false });
      expect(ids(spec.body.users)).toEqual(sorted([b.admin.id, b.user.id]));

      const ra = await t.http().get('/api/users').query({ companyId: b.company.id, range: '[0,0]', sort: '["id","ASC"]', filter: '{}' }).set(superA.auth);
      expect(ra.status).toBe(200);
      expect(ra.headers['content-range']).toBe('users 0-0/2');
      expect(ra.body).toEqual([expect.objectContaining({ id: Math.min(b.admin.id, b.user.id), companyId: b.company.id })]);

      // react-admin names the company in its filter.
      const raFilter = await t
        .http()
        .get('/api/users')
        .query({ range: '[0,9]', sort: '["id","ASC"]', filter: JSON.stringify({ companyId: b.company.id }) })
        .set(superA.auth);
      expect(raFilter.status).toBe(200);
      expect(ids(raFilter.body)).toEqual(sorted([b.admin.id, b.user.id]));

      for (const body of [all.body, spec.body, ra.body]) expect(JSON.stringify(body)).not.toMatch(/passwordHash|tokenVersion/);

      // Without companyId the session's company applies, as for everyone.
      const own = await t.http().get('/api/users/list').set(superA.auth);
      expect(ids(own.body)).toEqual(sorted([a.admin.id, a.user.id, superUser.id]));
      const ownByName = await t.http().get('/api/users/list').query({ companyId: a.company.id }).set(superA.auth);
      expect(ids(ownByName.body)).toEqual(ids(own.body));
    });

    it('lists the queues and connections of another company, without credentials', async () => {
      const queues = await t.http().get('/api/queue').query({ companyId: b.company.id }).set(superA.auth);
      expect(queues.status).toBe(200);
      expect(ids(queues.body)).toEqual(ids(b.queues));

      const connections = await t.http().get('/api/whatsapp').query({ companyId: b.company.id, session: 0 }).set(superA.auth);
      expect(connections.status).toBe(200);
      expect(ids(connections.body)).toEqual([connectionB.id]);
      expect(JSON.stringify(connections.body)).not.toMatch(/tokenHash/);

      expect(ids((await t.http().get('/api/queue').set(superA.auth)).body)).toEqual(ids(a.queues));
      expect(ids((await t.http().get('/api/whatsapp').set(superA.auth)).body)).toEqual([connectionA.id]);
    });

    it('reads and updates a user of another company; the event goes to that company’s room only', async () => {
      const target = await createUser(t, b.company);
      const read = await t.http().get(`/api/users/${target.id}`).set(superA.auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: target.id, companyId: b.company.id, email: target.email });
      expect(JSON.stringify(read.body)).not.toMatch(/passwordHash|tokenVersion/);

      const socketB = await connectSocket(t, adminB.token);
      const socketA = await connectSocket(t, superA.token);
      const seenByA = userEvents(socketA);
      const received = eventWhere<{ action: string; user: Row & { name?: string } }>(
        socketB,
        `company-${b.company.id}-user`,
        (p) => p.user?.name !== undefined,
      );

      const res = await t
        .http()
        .put(`/api/users/${target.id}`)
        .set(superA.auth)
        .send({
          name: 'Renomeado pelo Super',
          profile: 'supervisor',
          queueIds: [b.queues[1]!.id],
          whatsappId: connectionB.id,
          // The spec's clients repeat the user's company; naming another one is refused (test/e2e/security/privilege).
          companyId: b.company.id,
        });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Renomeado pelo Super',
        profile: 'supervisor',
        whatsappId: connectionB.id,
        companyId: b.company.id,
        queues: [expect.objectContaining({ id: b.queues[1]!.id })],
      });
      expect(await received).toMatchObject({ action: 'update', user: { id: target.id, name: 'Renomeado pelo Super', companyId: b.company.id } });
      await new Promise((r) => setTimeout(r, 200));
      expect(seenByA.filter((e) => JSON.stringify(e).includes('Renomeado pelo Super'))).toEqual([]);
      socketA.close();
      socketB.close();

      const row = await t.em().findOneOrFail(User, target.id, { filters: false, populate: ['queues'] });
      expect(row).toMatchObject({ name: 'Renomeado pelo Super', profile: 'supervisor', whatsappId: connectionB.id });
      expect(row.company.id).toBe(b.company.id);
      expect(row.queues.getItems().map((q) => q.id)).toEqual([b.queues[1]!.id]);
      // The owner of the company sees the change.
      expect((await t.http().get(`/api/users/${target.id}`).set(adminB.auth)).body.name).toBe('Renomeado pelo Super');
    });

    it('deletes a user of another company and tells that company', async () => {
      const target = await createUser(t, b.company);
      const socketB = await connectSocket(t, adminB.token);
      const received = eventWhere<{ action: string; userId?: number }>(socketB, `company-${b.company.id}-user`, (p) => p.action === 'delete');
      expect((await t.http().delete(`/api/users/${target.id}`).set(superA.auth)).status).toBe(204);
      expect(await received).toEqual({ action: 'delete', userId: target.id });
      socketB.close();
      expect(await t.em().count(User, { id: target.id }, { filters: false })).toBe(0);
      const gone = await t.http().get(`/api/users/${target.id}`).set(superA.auth);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_USER_FOUND');
    });

    it('creates a user in another company; the event goes to that company', async () => {
      const socketB = await connectSocket(t, adminB.token);
      const received = eventWhere<{ action: string; user: { email?: string } }>(socketB, `company-${b.company.id}-user`, (p) => p.action === 'create');
      const res = await t
        .http()
        .post('/api/users')
        .set(superA.auth)
        .send({
          name: 'Novo em B',
          email: 'novo-em-b@test.example',
          password: 'secret1',
          companyId: b.company.id,
          queueIds: [b.queues[0]!.id],
          whatsappId: connectionB.id,
        });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ companyId: b.company.id, whatsappId: connectionB.id, queues: [expect.objectContaining({ id: b.queues[0]!.id })] });
      expect(await received).toMatchObject({ action: 'create', user: { email: 'novo-em-b@test.example' } });
      socketB.close();
      expect((await t.http().delete(`/api/users/${res.body.id}`).set(superA.auth)).status).toBe(204);
    });

    it('refuses queues and connections that are not the target company’s', async () => {
      const target = await createUser(t, b.company);
      const cases: [object, string][] = [
        [{ whatsappId: connectionA.id }, 'ERR_NO_WAPP_FOUND'],
        [{ whatsappId: 999999 }, 'ERR_NO_WAPP_FOUND'],
        [{ queueIds: [a.queues[0]!.id] }, 'ERR_NO_QUEUE_FOUND'],
      ];
      for (const [fields, code] of cases) {
        const update = await t.http().put(`/api/users/${target.id}`).set(superA.auth).send(fields);
        expect([update.status, update.body.error]).toEqual([404, code]);
        const create = await t
          .http()
          .post('/api/users')
          .set(superA.auth)
          .send({ name: 'Fora', email: 'fora@test.example', password: 'secret1', companyId: b.company.id, ...fields });
        expect([create.status, create.body.error]).toEqual([404, code]);
      }
      const row = await t.em().findOneOrFail(User, target.id, { filters: false, populate: ['queues'] });
      expect(row.whatsappId).toBeNull();
      expect(row.queues.count()).toBe(0);
      expect(await t.em().count(User, { email: 'fora@test.example' }, { filters: false })).toBe(0);
    });

    it('applies the plan user limit of the target company', async () => {
      const c = await createTenant(t, { plan: { users: 2 } });
      const full = await t
        .http()
        .post('/api/users')
        .set(superA.auth)
        .send({ name: 'Excedente', email: 'excedente@test.example', password: 'secret1', companyId: c.company.id });
      expect(full.status).toBe(403);
      expect(full.body.error).toBe('ERR_PLAN_USER_LIMIT');
      const missing = await t
        .http()
        .post('/api/users')
        .set(superA.auth)
        .send({ name: 'Sem empresa', email: 'sem@test.example', password: 'secret1', companyId: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('ERR_NO_COMPANY_FOUND');
    });

    it('keeps the rules about their own account', async () => {
      const demote = await t.http().put(`/api/users/${superUser.id}`).set(superA.auth).send({ profile: 'user' });
      expect([demote.status, demote.body.error]).toEqual([400, 'ERR_CANNOT_DEMOTE_SELF']);
      const remove = await t.http().delete(`/api/users/${superUser.id}`).set(superA.auth);
      expect([remove.status, remove.body.error]).toEqual([400, 'ERR_CANNOT_DELETE_SELF']);
      const unknown = await t.http().put('/api/users/999999').set(superA.auth).send({ name: 'Ninguém' });
      expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
    });
  });

  describe('an ordinary admin', () => {
    it('gets their own company’s lists whatever companyId says', async () => {
      const query = { companyId: b.company.id };
      const all = await t.http().get('/api/users/list').query(query).set(adminA.auth);
      expect(all.status).toBe(200);
      expect(all.body.every((u: Row) => u.companyId === a.company.id)).toBe(true);
      expect(ids(all.body)).toContain(a.admin.id);

      const spec = await t
        .http()
        .get('/api/users')
        .query({ ...query, pageNumber: 1 })
        .set(adminA.auth);
      expect(spec.body.users.every((u: Row) => u.companyId === a.company.id)).toBe(true);
      const ra = await t
        .http()
        .get('/api/users')
        .query({ ...query, range: '[0,9]', filter: '{}' })
        .set(adminA.auth);
      expect(ra.body.every((u: Row) => u.companyId === a.company.id)).toBe(true);
      const raFilter = await t
        .http()
        .get('/api/users')
        .query({ range: '[0,9]', filter: JSON.stringify(query) })
        .set(adminA.auth);
      expect([raFilter.status, raFilter.body.every((u: Row) => u.companyId === a.company.id)]).toEqual([200, true]);

      expect(ids((await t.http().get('/api/queue').query(query).set(adminA.auth)).body)).toEqual(ids(a.queues));
      expect(
        ids(
          (
            await t
              .http()
              .get('/api/whatsapp')
              .query({ ...query, session: 0 })
              .set(adminA.auth)
          ).body,
        ),
      ).toEqual([connectionA.id]);
    });

    it('gets 404 on the other company’s user ids and cannot create users there', async () => {
      for (const req of [
        t.http().get(`/api/users/${b.user.id}`),
        t.http().put(`/api/users/${b.user.id}`).send({ name: 'Tomado' }),
        t.http().delete(`/api/users/${b.user.id}`),
      ]) {
        const res = await req.set(adminA.auth);
        expect([res.status, res.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
      }
      // Naming another company is refused, not quietly turned into the admin's own.
      const created = await t
        .http()
        .post('/api/users')
        .set(adminA.auth)
        .send({ name: 'Meu', email: 'meu@test.example', password: 'secret1', companyId: b.company.id });
      expect([created.status, created.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
      expect(await t.em().count(User, { email: 'meu@test.example' }, { filters: false })).toBe(0);
    });

    it('cannot give a user another company’s connection', async () => {
      const create = await t
        .http()
        .post('/api/users')
        .set(adminA.auth)
        .send({ name: 'Conexão', email: 'conexao@test.example', password: 'secret1', whatsappId: connectionB.id });
      expect([create.status, create.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
      const update = await t.http().put(`/api/users/${a.user.id}`).set(adminA.auth).send({ whatsappId: connectionB.id });
      expect([update.status, update.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
      const own = await t.http().put(`/api/users/${a.user.id}`).set(adminA.auth).send({ whatsappId: connectionA.id });
      expect([own.status, own.body.whatsappId]).toEqual([200, connectionA.id]);
      expect((await t.http().put(`/api/users/${a.user.id}`).set(adminA.auth).send({ whatsappId: null })).body.whatsappId).toBeNull();
    });
  });

  it('answers 400 for a companyId that is not a positive integer, for everyone', async () => {
    const paths = ['/api/users/list', '/api/users', '/api/queue', '/api/whatsapp'];
    for (const session of [superA, adminA]) {
      for (const path of paths) {
        for (const companyId of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
          const res = await t.http().get(path).query({ companyId }).set(session.auth);
          expect([path, companyId, res.status, res.body.error]).toEqual([path, companyId, 400, 'ERR_VALIDATION']);
          expect(res.body.fields).toEqual([{ field: 'companyId', messages: [expect.any(String)] }]);
        }
      }
    }
    const inFilter = await t.http().get('/api/users').query({ filter: '{"companyId":1.5}' }).set(superA.auth);
    expect([inFilter.status, inFilter.body.fields]).toEqual([400, [{ field: 'companyId', messages: [expect.any(String)] }]]);
    // Empty means absent.
    expect((await t.http().get('/api/queue?companyId=').set(adminA.auth)).status).toBe(200);
  });

  it('documents companyId once on each list endpoint', async () => {
    const docs = (await t.http().get('/api/docs-json')).body as { paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> };
    for (const path of ['/api/users', '/api/users/list', '/api/queue', '/api/whatsapp']) {
      const params = docs.paths[path]!.get.parameters.filter((p) => p.name === 'companyId');
      expect([path, params]).toEqual([path, [expect.objectContaining({ in: 'query', required: false })]]);
    }
  });
});
