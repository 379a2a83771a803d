import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dayFromToday, dueDayEnd } from '../../src/shared/due-date.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config/app-config.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Setting } from '../../src/modules/settings/setting.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { ACROSS_TENANTS } from '../../src/infra/database/tenant-scope.js';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.js';
import { defaultSchedules, WEEKDAYS_EN } from '../../src/shared/schedules.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface CompanyBody {
  id: number;
  name: string;
  campaignsEnabled: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('companies', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let superUser: Session;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    superUser = await login(t, (await createUser(t, a.company, 'admin', { super: true })).email);
  });
  afterAll(() => t.close());

  const signup = (body: Record<string, unknown>) => t.http().post('/api/companies/cadastro').send(body);
  const week = () => WEEKDAYS_EN.map((weekdayEn) => ({ weekday: '', weekdayEn, startTime: '07:30', endTime: weekdayEn === 'sunday' ? '' : '19:00' }));

  describe('self-signup', () => {
    it('creates a trial company with its admin, settings and hours, ignoring the terms the client sends', async () => {
      const before = Date.now();
      const SP = 'America/Sao_Paulo';
      const res = await signup({
        name: 'Loja Nova',
        email: ' Dono@Loja.example ',
        phone: '(11) 98765-4321',
        password: 'segredo1',
        planId: a.plan.id,
        recurrence: 'ANUAL',
        dueDate: '2099-01-01',
        status: false,
        campaignsEnabled: 'disabled',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'Cadastro recebido. Faça seu login.' });
      const em = t.em();
      const company = await em.findOneOrFail(Company, { email: 'dono@loja.example' }, ACROSS_TENANTS);
      expect(company).toMatchObject({ name: 'Loja Nova', phone: '11987654321', status: true, recurrence: 'MENSAL' });
      expect(company.plan?.id).toBe(a.plan.id);
      // The trial runs through the third day after today in São Paulo, to its end there.
      const due = company.dueDate!.getTime();
      expect([dayFromToday(3, SP, new Date(before)).getTime(), dayFromToday(3, SP).getTime()]).toContain(due);
      expect(dueDayEnd(company.dueDate!, SP).getTime()).toBeGreaterThan(before + 3 * DAY_MS);
      // The trial's end is kept apart from the due date, which payments move: the subscription page counts its days.
      expect(company.trialExpiration?.getTime()).toBe(due);

      expect(company.schedules).toEqual(defaultSchedules());
      const settings = await em.find(Setting, { company: company.id }, ACROSS_TENANTS);
      expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual({ ...DEFAULT_SETTINGS, campaignsEnabled: 'true' });
      const [owner] = await em.find(User, { company: company.id }, ACROSS_TENANTS);
      expect(owner).toMatchObject({ name: 'Loja Nova', email: 'dono@loja.example', profile: 'admin', super: false });

      const session = await login(t, 'dono@loja.example', 'segredo1');
      const me = await t.http().get('/api/auth/me').set(session.auth);
      expect(me.body.company).toMatchObject({ id: company.id, status: true });
      const subscription = await t.http().get('/api/subscription').set(session.auth);
      expect(subscription.body.company).toMatchObject({ id: company.id, trialDaysRemaining: 3 });
    });

    it('creates nothing for a taken email, and refuses an unknown plan and bad fields', async () => {
      // A taken email gets the same answer as a new one (the form reveals no account); the owner is told by mail.
      const taken = await signup({ name: 'Outra', email: a.user.email.toUpperCase(), password: 'segredo1', planId: a.plan.id });
      expect(taken.status).toBe(201);
      expect(taken.body).toEqual({ message: 'Cadastro recebido. Faça seu login.' });
      expect(await t.em().count(Company, { name: 'Outra' }, ACROSS_TENANTS)).toBe(0);
      expect((await t.http().post('/api/auth/login').send({ email: a.user.email, password: 'segredo1' })).status).toBe(401);

      const noPlan = await signup({ name: 'Outra', email: 'outra@loja.example', password: 'segredo1', planId: 999999 });
      expect(noPlan.status).toBe(404);
      expect(noPlan.body.error).toBe('ERR_NO_PLAN_FOUND');

      const bad = await signup({ name: 'x', email: 'nope', phone: '(11) 98765-43210', password: '123', admin: true });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
      expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['admin', 'email', 'name', 'password', 'phone', 'planId']);
      expect(await t.em().count(Company, { email: 'outra@loja.example' })).toBe(0);
    });
  });

  describe('super user administration', () => {
    it('creates, updates and deletes a company with its campaigns setting', async () => {
      const created = await t.http().post('/api/companies').set(superUser.auth).send({
        name: 'Cliente Grande',
        email: 'contato@grande.example',
        planId: b.plan.id,
        campaignsEnabled: 'disabled',
        dueDate: '2030-05-10',
        recurrence: 'TRIMESTRAL',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Cliente Grande',
        phone: null,
        status: true,
        dueDate: '2030-05-10T00:00:00.000Z',
        recurrence: 'TRIMESTRAL',
        planId: b.plan.id,
        plan: { id: b.plan.id, name: b.plan.name },
        timezone: 'America/Sao_Paulo',
        campaignsEnabled: false,
      });
      expect(created.body.schedules).toEqual(defaultSchedules());
      const id = created.body.id as number;
      expect(await t.em().count(Setting, { company: id }, ACROSS_TENANTS)).toBe(Object.keys(DEFAULT_SETTINGS).length);

      const updated = await t
        .http()
        .put(`/api/companies/${id}`)
        .set(superUser.auth)
        .send({ campaignsEnabled: 'enabled', dueDate: '', status: false, planId: a.plan.id });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ campaignsEnabled: true, dueDate: null, status: false, plan: { id: a.plan.id } });
      expect((await t.http().get(`/api/companies/${id}`).set(superUser.auth)).body).toEqual(updated.body);

      expect((await t.http().delete(`/api/companies/${id}`).set(superUser.auth)).status).toBe(204);
      const gone = await t.http().get(`/api/companies/${id}`).set(superUser.auth);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_COMPANY_FOUND');
      expect(await t.em().count(Setting, { company: id }, ACROSS_TENANTS)).toBe(0);
    });

    it('validates the company form with field errors and refuses an unknown plan', async () => {
      const bad = await t
        .http()
        .post('/api/companies')
        .set(superUser.auth)
        .send({ name: 'Sem email', dueDate: '31/12/2030', recurrence: 'SEMANAL', campaignsEnabled: 'maybe' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ERR_VALIDATION');
      expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['campaignsEnabled', 'dueDate', 'email', 'planId', 'recurrence']);
      const noPlan = await t.http().put(`/api/companies/${b.company.id}`).set(superUser.auth).send({ planId: 999999 });
      expect(noPlan.status).toBe(404);
      expect(noPlan.body.error).toBe('ERR_NO_PLAN_FOUND');
      const nullName = await t.http().put(`/api/companies/${b.company.id}`).set(superUser.auth).send({ name: null });
      expect(nullName.body.fields).toEqual([expect.objectContaining({ field: 'name' })]);
    });

    it('lists every company in both dialects, with plan and campaigns flag', async () => {
      const spec = await t.http().get('/api/companies').query({ searchParam: b.company.name }).set(superUser.auth);
      expect(spec.status).toBe(200);
      expect(spec.body).toMatchObject({ count: 1, hasMore: false });
      expect(spec.body.companies[0]).toMatchObject({ id: b.company.id, plan: { id: b.plan.id, name: b.plan.name }, campaignsEnabled: true });

      const total = (await t.http().get('/api/companies/list').set(superUser.auth)).body.length as number;
      expect(total).toBeGreaterThanOrEqual(3);
      const ra = await t.http().get('/api/companies').query({ sort: '["id","DESC"]', range: '[0,1]', filter: '{}' }).set(superUser.auth);
      expect(ra.status).toBe(200);
      expect(ra.headers['content-range']).toBe(`companies 0-1/${total}`);
      expect(ra.body).toHaveLength(2);
      expect(ra.body[0].id).toBeGreaterThan(ra.body[1].id);

      const byIds = await t
        .http()
        .get('/api/companies')
        .query({ filter: JSON.stringify({ id: [a.company.id, b.company.id] }) })
        .set(superUser.auth);
      expect(byIds.body.map((c: CompanyBody) => c.id).sort()).toEqual([a.company.id, b.company.id].sort());
    });

    it('lets a super user read any company plan and refuses to delete its own company', async () => {
      const plan = await t.http().get(`/api/companies/listPlan/${b.company.id}`).set(superUser.auth);
      expect(plan.body).toMatchObject({ id: b.plan.id, queues: 10, useCampaigns: true });
      const own = await t.http().delete(`/api/companies/${a.company.id}`).set(superUser.auth);
      expect(own.status).toBe(400);
      expect(own.body.error).toBe('ERR_CANNOT_DELETE_OWN_COMPANY');
    });

    it('keeps the super-only routes away from admins', async () => {
      for (const res of [
        await t.http().get('/api/companies').set(adminA.auth),
        await t.http().get('/api/companies/list').set(adminA.auth),
        await t.http().post('/api/companies').set(adminA.auth).send({ name: 'Nova', email: 'nova@x.example', planId: a.plan.id }),
        await t.http().put(`/api/companies/${a.company.id}`).set(adminA.auth).send({ dueDate: '2099-01-01' }),
        await t.http().delete(`/api/companies/${b.company.id}`).set(adminA.auth),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
    });
  });

  describe('own company', () => {
    it('shows users their own company and plan', async () => {
      const own = await t.http().get(`/api/companies/${a.company.id}`).set(userA.auth);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: a.company.id, plan: { id: a.plan.id }, campaignsEnabled: true });
      const plan = await t.http().get(`/api/companies/listPlan/${a.company.id}`).set(userA.auth);
      expect(plan.body).toMatchObject({ id: a.plan.id, users: 10 });
    });

    it('answers 404 for another company’s id, plan and hours', async () => {
      for (const res of [
        await t.http().get(`/api/companies/${a.company.id}`).set(adminB.auth),
        await t.http().get(`/api/companies/listPlan/${a.company.id}`).set(adminB.auth),
        await t.http().put(`/api/companies/${a.company.id}/schedules`).set(adminB.auth).send({ schedules: week() }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('ERR_NO_COMPANY_FOUND');
      }
    });

    it('lets the company admin (and only an admin) save its working hours', async () => {
      const res = await t.http().put(`/api/companies/${a.company.id}/schedules`).set(adminA.auth).send({ id: a.company.id, schedules: week().reverse() });
      expect(res.status).toBe(200);
      expect(res.body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '07:30', endTime: '19:00' });
      expect(res.body.schedules.map((s: { weekdayEn: string }) => s.weekdayEn)).toEqual([...WEEKDAYS_EN]);

      const bySuper = await t.http().put(`/api/companies/${b.company.id}/schedules`).set(superUser.auth).send({ schedules: week() });
      expect(bySuper.status).toBe(200);
      expect((await t.http().put(`/api/companies/${a.company.id}/schedules`).set(userA.auth).send({ schedules: week() })).status).toBe(403);

      const sixDays = await t
        .http()
        .put(`/api/companies/${a.company.id}/schedules`)
        .set(adminA.auth)
        .send({ schedules: week().slice(0, 6) });
      expect(sixDays.status).toBe(400);
      const twice = week();
      twice[1] = { ...twice[1]!, weekdayEn: 'monday', endTime: '7:00' };
      const bad = await t.http().put(`/api/companies/${a.company.id}/schedules`).set(adminA.auth).send({ schedules: twice });
      expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['schedules', 'schedules.1.endTime']);
    });
  });

  describe('signup rate limit', () => {
    let limited: TestApp;

    beforeAll(async () => {
      limited = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, signupPerIp: { limit: 1, windowSeconds: 60 } } });
    });
    afterAll(() => limited.close());

    it('answers 429 once an address has used up its signups', async () => {
      const body = { name: 'Sem plano', email: 'limite@loja.example', password: 'segredo1', planId: 999999 };
      expect((await limited.http().post('/api/companies/cadastro').send(body)).status).toBe(404);
      const blocked = await limited.http().post('/api/companies/cadastro').send(body);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    });
  });
});
