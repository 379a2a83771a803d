import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectedSimulator } from '../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

/** Today on the company clock (the tenants use the default America/Sao_Paulo). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('dashboard', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    // Three customers: one waits, one is being attended, one was attended, rated 3 and closed.
    const connectionId = (await connectedSimulator(t, a.company.id, 'Painel')).id;
    await t.http().put(`/api/whatsapp/${connectionId}`).set(adminA.auth).send({ ratingMessage: 'Avalie' }).expect(200);
    await t.http().put('/api/settings/userRating').set(adminA.auth).send({ value: 'enabled' }).expect(200);
    await customerWrites(t, adminA, connectionId, '5511955550001', 'oi');
    const attending = await customerWrites(t, adminA, connectionId, '5511955550002', 'oi');
    const done = await customerWrites(t, adminA, connectionId, '5511955550003', 'oi');
    await t.http().put(`/api/tickets/${attending.id}`).set(adminA.auth).send({ status: 'open', userId: a.user.id }).expect(200);
    await t.http().put(`/api/tickets/${done.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
    await t.http().put(`/api/tickets/${done.id}`).set(adminA.auth).send({ status: 'closed' }).expect(200);
    await customerWrites(t, adminA, connectionId, '5511955550003', '3');
  });
  afterAll(() => t.close());

  it('counts the period’s attendance and rates each attendant', async () => {
    const res = await t.http().get('/api/dashboard').query({ days: 7 }).set(adminA.auth);
    expect(res.status).toBe(200);
    expect(res.body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 1 });
    expect(res.body.counters.avgSupportTime).toBeGreaterThanOrEqual(0);
    expect(res.body.counters.avgWaitTime).toBeGreaterThanOrEqual(0);
    expect(res.body.counters).not.toHaveProperty('totalCompanies');
    const admin = res.body.attendants.find((x: { id: number }) => x.id === a.admin.id);
    const user = res.body.attendants.find((x: { id: number }) => x.id === a.user.id);
    expect(admin).toMatchObject({ name: a.admin.name, rating: 3 });
    expect(admin.avgSupportTime).toBeGreaterThanOrEqual(0);
    expect(user).toMatchObject({ rating: null, avgSupportTime: null, online: false });

    const explicit = await t.http().get('/api/dashboard').query({ date_from: today(), date_to: today() }).set(adminA.auth);
    expect(explicit.body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 1 });
    const past = await t.http().get('/api/dashboard').query({ date_from: '2020-01-01', date_to: '2020-01-31' }).set(adminA.auth);
    expect(past.body.counters).toEqual({ supportHappening: 0, supportPending: 0, supportFinished: 0, avgSupportTime: null, avgWaitTime: null });
  });

  it('charts tickets per attendant, and per hour for one day or per day for a range', async () => {
    const users = await t
      .http()
      .get('/api/dashboard/ticketsUsers')
      .query({ initialDate: today(), finalDate: today(), companyId: a.company.id })
      .set(adminA.auth);
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual(
      expect.arrayContaining([
        { nome: a.admin.name, quantidade: 1 },
        { nome: a.user.name, quantidade: 1 },
      ]),
    );
    expect(users.body.data).toHaveLength(2);

    const hourly = await t.http().get('/api/dashboard/ticketsDay').query({ initialDate: today(), finalDate: today() }).set(adminA.auth);
    expect(hourly.body.count).toBe(3);
    expect(hourly.body.data.every((row: { horario: string }) => /^\d{2}:00$/.test(row.horario))).toBe(true);

    const daily = await t.http().get('/api/dashboard/ticketsDay').query({ initialDate: '2026-01-01', finalDate: today() }).set(adminA.auth);
    expect(daily.body).toEqual({ data: [{ data: today(), total: 3 }], count: 3 });
  });

  it('shows each company only its own figures', async () => {
    const res = await t.http().get('/api/dashboard').query({ days: 7 }).set(adminB.auth);
    expect(res.body.counters).toMatchObject({ supportHappening: 0, supportPending: 0, supportFinished: 0 });
    expect(res.body.attendants.map((x: { id: number }) => x.id)).not.toContain(a.admin.id);
    const users = await t
      .http()
      .get('/api/dashboard/ticketsUsers')
      .query({ initialDate: today(), finalDate: today(), companyId: a.company.id })
      .set(adminB.auth);
    expect(users.body.data).toEqual([]);
  });

  it('adds the platform counters for super users', async () => {
    const superUser = await login(t, (await createUser(t, a.company, 'admin', { super: true })).email);
    const res = await t.http().get('/api/dashboard').query({ days: 1 }).set(superUser.auth);
    expect(res.body.counters.totalCompanies).toBeGreaterThanOrEqual(2);
    expect(res.body.counters.totalWhatsappSessions).toBeGreaterThanOrEqual(1);
  });

  it('refuses attendants, a missing filter and bad dates', async () => {
    expect((await t.http().get('/api/dashboard').query({ days: 7 }).set(userA.auth)).status).toBe(403);
    expect((await t.http().get('/api/dashboard/ticketsDay').query({ initialDate: today(), finalDate: today() }).set(userA.auth)).status).toBe(403);
    const none = await t.http().get('/api/dashboard').set(adminA.auth);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'ERR_DASHBOARD_FILTER_REQUIRED', message: 'Parametrize o filtro' });
    const zero = await t.http().get('/api/dashboard').query({ days: 0 }).set(adminA.auth);
    expect(zero.body.fields.map((f: { field: string }) => f.field)).toEqual(['days']);
    const reversed = await t.http().get('/api/dashboard/ticketsUsers').query({ initialDate: '2026-11-21', finalDate: '2026-11-01' }).set(adminA.auth);
    expect(reversed.status).toBe(400);
    const garbage = await t.http().get('/api/dashboard/ticketsDay').query({ initialDate: 'ontem', finalDate: today() }).set(adminA.auth);
    expect(garbage.body.fields.map((f: { field: string }) => f.field)).toEqual(['initialDate']);
    expect((await t.http().get('/api/dashboard').query({ days: 7 })).status).toBe(401);
  });
});
