import { User } from '../../../src/modules/users/user.entity.js';
import { createTenant, createUser, DEFAULT_PASSWORD, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

describe('security: nobody below a super user changes a super user or raises anyone above admin', () => {
  let t: TestApp;
  let home: TenantFixture;
  let other: TenantFixture;
  let superUser: User;
  let admin: Session;
  let supervisor: Session;
  let attendant: Session;
  let superSession: Session;

  beforeAll(async () => {
    t = await createTestApp();
    home = await createTenant(t);
    other = await createTenant(t);
    // As in the demo data: the platform's super user belongs to an ordinary company with its own admin.
    superUser = await createUser(t, home.company, 'admin', { super: true, email: `root-${Date.now()}@test.example` });
    admin = await login(t, home.admin.email);
    attendant = await login(t, home.user.email);
    supervisor = await login(t, (await createUser(t, home.company, 'supervisor')).email);
    superSession = await login(t, superUser.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = (id: number) => t.em().findOneOrFail(User, id, { filters: false });

  it("refuses a company admin's change of the super user's password, email, name or profile (403) and keeps the row", async () => {
    const before = await row(superUser.id);
    for (const body of [{ password: 'Takeover123' }, { email: 'mine@evil.example' }, { name: 'Owned' }, { profile: 'user' }]) {
      const res = await t.http().put(`/api/users/${superUser.id}`).set(admin.auth).send(body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_SUPER_USER_PROTECTED');
    }
    const after = await row(superUser.id);
    expect({ email: after.email, name: after.name, hash: after.passwordHash, profile: after.profile }).toEqual({
      email: before.email,
      name: before.name,
      hash: before.passwordHash,
      profile: before.profile,
    });
    // The super user's password still works, the attacker's does not.
    expect((await t.http().post('/api/auth/login').send({ email: superUser.email, password: 'Takeover123' })).status).toBe(401);
    superSession = await login(t, superUser.email);
  });

  it('refuses a company admin deleting the super user', async () => {
    const res = await t.http().delete(`/api/users/${superUser.id}`).set(admin.auth);
    expect(res.status).toBe(403);
    expect((await row(superUser.id)).super).toBe(true);
  });

  it.each([
    ['super', true],
    ['tokenVersion', 99],
    ['passwordHash', '$argon2id$v=19$m=65536,t=3,p=4$AAAA$BBBB'],
    ['id', 1],
    ['online', true],
  ])('refuses the mass-assigned field %s on user create and update (400 naming it), changing nothing', async (field, value) => {
    const email = `nova-${field}-${Date.now()}@test.example`;
    const created = await t
      .http()
      .post('/api/users')
      .set(admin.auth)
      .send({ name: 'Nova Pessoa', email, password: DEFAULT_PASSWORD, [field]: value });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain(field);
    expect(await t.em().count(User, { email }, { filters: false })).toBe(0);
    const target = home.user.id;
    const before = await row(target);
    const updated = await t
      .http()
      .put(`/api/users/${target}`)
      .set(admin.auth)
      .send({ [field]: value });
    expect(updated.status).toBe(400);
    expect(JSON.stringify(updated.body)).toContain(field);
    const after = await t.em().findOneOrFail(User, target, { filters: false, populate: ['company'] });
    expect({ super: after.super, company: after.company.id, tv: after.tokenVersion, hash: after.passwordHash }).toEqual({
      super: before.super,
      company: home.company.id,
      tv: before.tokenVersion,
      hash: before.passwordHash,
    });
  });

  it("refuses an admin's companyId naming another company (403), on create and update; its own company is accepted", async () => {
    const email = `nova-company-${Date.now()}@test.example`;
    const elsewhere = await t
      .http()
      .post('/api/users')
      .set(admin.auth)
      .send({ name: 'Nova Pessoa', email, password: DEFAULT_PASSWORD, companyId: other.company.id });
    expect(elsewhere.status).toBe(403);
    expect(await t.em().count(User, { email }, { filters: false })).toBe(0);
    const moved = await t.http().put(`/api/users/${home.user.id}`).set(admin.auth).send({ companyId: other.company.id });
    expect(moved.status).toBe(403);
    expect((await t.em().findOneOrFail(User, home.user.id, { filters: false, populate: ['company'] })).company.id).toBe(home.company.id);
    // The spec's clients send the company they work in: that is no change and is accepted.
    const own = await t.http().post('/api/users').set(admin.auth).send({ name: 'Nova Pessoa', email, password: DEFAULT_PASSWORD, companyId: home.company.id });
    expect(own.status).toBe(201);
    expect((await t.http().put(`/api/users/${own.body.id}`).set(admin.auth).send({ name: 'Mesma Empresa', companyId: home.company.id })).status).toBe(200);
    // A super user does not move a user between companies either: 400 naming the field.
    const superMove = await t.http().put(`/api/users/${own.body.id}`).set(superSession.auth).send({ companyId: other.company.id });
    expect([superMove.status, superMove.body.error, JSON.stringify(superMove.body.fields)]).toEqual([
      400,
      'ERR_USER_COMPANY_FIXED',
      expect.stringContaining('companyId'),
    ]);
    expect((await t.em().findOneOrFail(User, own.body.id, { filters: false, populate: ['company'] })).company.id).toBe(home.company.id);
  });

  it("refuses an admin's profile above admin, on create and update", async () => {
    const email = `nova-super-${Date.now()}@test.example`;
    expect((await t.http().post('/api/users').set(admin.auth).send({ name: 'Nova Pessoa', email, password: DEFAULT_PASSWORD, profile: 'super' })).status).toBe(
      400,
    );
    expect(await t.em().count(User, { email }, { filters: false })).toBe(0);
    // An admin may create another admin (the spec's profiles stop there).
    const peer = await t.http().post('/api/users').set(admin.auth).send({ name: 'Outra Admin', email, password: DEFAULT_PASSWORD, profile: 'admin' });
    expect([peer.status, peer.body.profile]).toEqual([201, 'admin']);
    expect((await row(peer.body.id)).super).toBe(false);
  });

  it('lets an admin set profiles up to admin only; supervisors and attendants change no profile, queues or other users', async () => {
    const target = await createUser(t, home.company, 'user');
    expect((await t.http().put(`/api/users/${target.id}`).set(admin.auth).send({ profile: 'super' })).status).toBe(400);
    expect((await t.http().put(`/api/users/${target.id}`).set(admin.auth).send({ profile: 'admin' })).status).toBe(200);
    expect((await t.http().put(`/api/users/${target.id}`).set(supervisor.auth).send({ profile: 'user' })).status).toBe(403);
    expect((await t.http().put(`/api/users/${target.id}`).set(attendant.auth).send({ password: 'Hijack1234' })).status).toBe(403);
    // An attendant changes only itself, and not its own profile or queues.
    expect((await t.http().put(`/api/users/${home.user.id}`).set(attendant.auth).send({ profile: 'admin' })).status).toBe(403);
    expect(
      (
        await t
          .http()
          .put(`/api/users/${home.user.id}`)
          .set(attendant.auth)
          .send({ queueIds: home.queues.map((q) => q.id) })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .http()
          .post('/api/users')
          .set(attendant.auth)
          .send({ name: 'X Y', email: `x-${Date.now()}@test.example`, password: DEFAULT_PASSWORD })
      ).status,
    ).toBe(403);
    expect((await row(home.user.id)).profile).toBe('user');
  });

  it("answers 404 for another company's user, and an attendant's delete is refused whatever the id", async () => {
    for (const session of [admin, attendant]) {
      expect((await t.http().put(`/api/users/${other.admin.id}`).set(session.auth).send({ name: 'Alheio' })).status).toBe(404);
    }
    expect((await t.http().delete(`/api/users/${other.admin.id}`).set(admin.auth)).status).toBe(404);
    expect((await t.http().delete(`/api/users/${other.admin.id}`).set(attendant.auth)).status).toBe(403);
    expect((await t.http().delete(`/api/users/${home.admin.id}`).set(attendant.auth)).status).toBe(403);
    expect((await row(other.admin.id)).name).toBe(other.admin.name);
  });

  it('lets a super user change a super user, and only a super user create users in another company', async () => {
    const res = await t.http().put(`/api/users/${superUser.id}`).set(superSession.auth).send({ name: 'Plataforma' });
    expect(res.status).toBe(200);
    const created = await t
      .http()
      .post('/api/users')
      .set(superSession.auth)
      .send({ name: 'Outra Pessoa', email: `outra-${Date.now()}@test.example`, password: DEFAULT_PASSWORD, companyId: other.company.id });
    expect(created.status).toBe(201);
    expect((await t.em().findOneOrFail(User, created.body.id, { filters: false, populate: ['company'] })).company.id).toBe(other.company.id);
    expect((await row(created.body.id)).super).toBe(false);
  });

  it('refuses super, profile and other privileged fields in the self-signup form', async () => {
    const plan = home.plan.id;
    for (const extra of [{ super: true }, { profile: 'user' }, { tokenVersion: 5 }, { companyId: other.company.id }]) {
      const res = await t
        .http()
        .post('/api/companies/cadastro')
        .send({ name: 'Empresa Nova', email: `signup-${Date.now()}@test.example`, password: DEFAULT_PASSWORD, planId: plan, ...extra });
      expect(res.status).toBe(400);
    }
    // The trial terms are the server's (spec): sent ones are ignored, never applied.
    const email = `signup-terms-${Date.now()}@test.example`;
    const res = await t
      .http()
      .post('/api/companies/cadastro')
      .send({ name: 'Empresa Nova', email, password: DEFAULT_PASSWORD, planId: plan, status: false, dueDate: '2099-01-01' });
    expect(res.status).toBe(201);
    const created = await t.em().findOneOrFail(User, { email }, { filters: false, populate: ['company'] });
    expect({ super: created.super, profile: created.profile, status: created.company.getEntity().status }).toEqual({
      super: false,
      profile: 'admin',
      status: true,
    });
    expect(created.company.getEntity().dueDate!.getTime()).toBeLessThan(Date.now() + 4 * 24 * 3600 * 1000);
  });
});
