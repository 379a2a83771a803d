import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompanyExpiry } from '../../src/modules/companies/company-expiry.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { dayFromToday, dueDayEnd } from '../../src/shared/due-date.js';
import { createTenant, createUser, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const DAY = 24 * 3600 * 1000;

/** A company that is due or past due always has an invoice to pay, without waiting for the daily run. */
describe('billing: invoices of due companies, and the billing data', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let superUser: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t, { plan: { value: 120, name: 'Plano Prata' } });
    b = await createTenant(t, { plan: { value: 99 } });
    superUser = await login(t, (await createUser(t, a.company, 'admin', { super: true })).email);
    adminB = await login(t, b.admin.email);
  });
  afterAll(() => t.close());

  const invoicesOf = (companyId: number) => t.em().find(Invoice, { company: companyId }, { filters: false, orderBy: { id: 'ASC' } });
  const loginAs = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });

  it('issues the invoice when a super user sets a due date in the past, once however often it is set', async () => {
    const c = await createTenant(t, { plan: { value: 70, name: 'Plano Bronze' } });
    const due = '2026-11-20';
    const put = () => t.http().put(`/api/companies/${c.company.id}`).set(superUser.auth).send({ dueDate: due });
    const answers = await Promise.all([put(), put(), put()]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const invoices = await invoicesOf(c.company.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ value: 70, detail: 'Plano Bronze', status: 'open' });
    expect(invoices[0]!.dueDate.toISOString()).toBe('2026-11-20T00:00:00.000Z');
  });

  it('issues the invoice of a company created already due', async () => {
    const created = await t
      .http()
      .post('/api/companies')
      .set(superUser.auth)
      .send({ name: 'Vencida Ltda', email: `vencida-${Date.now()}@example.com`, planId: b.company.plan!.id, dueDate: '2020-01-10' });
    expect(created.status).toBe(201);
    const invoices = await invoicesOf(created.body.id);
    expect(invoices.map((invoice) => invoice.dueDate.toISOString())).toEqual(['2020-01-10T00:00:00.000Z']);
    // A due date far away is the daily run's business.
    const later = await t.http().put(`/api/companies/${created.body.id}`).set(superUser.auth).send({ dueDate: '2099-01-10' });
    expect(later.status).toBe(200);
    expect(await invoicesOf(created.body.id)).toHaveLength(1);
  });

  it('issues the invoice when the due date passes (the expiry sweep)', async () => {
    const c = await createTenant(t, { company: { dueDate: new Date(Date.now() + 50 * DAY) } });
    // Due yesterday in São Paulo: the day ended at the last midnight there, and the sweep of that minute finds it.
    const passed = dayFromToday(-1, 'America/Sao_Paulo');
    await t.em().nativeUpdate(Company, { id: c.company.id }, { dueDate: passed });
    expect(await invoicesOf(c.company.id)).toHaveLength(0);
    const end = dueDayEnd(passed, 'America/Sao_Paulo').getTime();
    const ids = await t.app.get(CompanyExpiry).disconnectExpired(new Date(end - 60_000), new Date(end + 1000));
    expect(ids).toContain(c.company.id);
    const invoices = await invoicesOf(c.company.id);
    expect(invoices.map((invoice) => invoice.dueDate.getTime())).toEqual([passed.getTime()]);
  });

  describe('POST /invoices/issue (the renew page finds nothing to pay)', () => {
    let expired: TenantFixture;
    let billing: { Authorization: string };

    beforeAll(async () => {
      // Expired behind the API's back: no event, no daily run, no invoice.
      expired = await createTenant(t, { plan: { value: 55 } });
      await t.em().nativeUpdate(Company, { id: expired.company.id }, { dueDate: new Date(Date.now() - 3 * DAY) });
      const refused = await loginAs(expired.admin.email, expired.password);
      expect(refused.status).toBe(401);
      billing = { Authorization: `Bearer ${refused.body.billingToken as string}` };
    });

    it('issues the missing invoice for the billing-only session, then answers the same one', async () => {
      expect((await t.http().get('/api/invoices/all').set(billing)).body.invoices).toHaveLength(0);
      const [first, second] = await Promise.all([
        t.http().post('/api/invoices/issue').set(billing).send({}),
        t.http().post('/api/invoices/issue').set(billing).send({}),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.issued, second.body.issued].sort()).toEqual([false, true]);
      expect(first.body.invoice).toMatchObject({ value: 55, status: 'open' });
      expect(second.body.invoice.id).toBe(first.body.invoice.id);
      const again = await t.http().post('/api/invoices/issue').set(billing).send({});
      expect(again.body).toMatchObject({ issued: false, invoice: { id: first.body.invoice.id } });
      const listed = await t.http().get('/api/invoices/all').set(billing);
      expect(listed.body.invoices.map((invoice: { id: number }) => invoice.id)).toEqual([first.body.invoice.id]);
      expect(await invoicesOf(expired.company.id)).toHaveLength(1);
    });

    it('refuses fields it does not take', async () => {
      const res = await t.http().post('/api/invoices/issue').set(billing).send({ companyId: b.company.id });
      expect(res.status).toBe(400);
      expect(await invoicesOf(b.company.id)).toHaveLength(0);
    });

    it('issues only for the caller: another tenant sees nothing of it, and gets nothing while not due', async () => {
      const mine = await invoicesOf(expired.company.id);
      expect((await t.http().get(`/api/invoices/${mine[0]!.id}`).set(adminB.auth)).status).toBe(404);
      const res = await t.http().post('/api/invoices/issue').set(adminB.auth).send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ issued: false, invoice: null });
      expect(await invoicesOf(b.company.id)).toHaveLength(0);
    });

    it('is refused to users and supervisors', async () => {
      const user = await login(t, b.user.email);
      expect((await t.http().post('/api/invoices/issue').set(user.auth).send({})).status).toBe(403);
      const supervisor = await login(t, (await createUser(t, b.company, 'supervisor')).email);
      expect((await t.http().post('/api/invoices/issue').set(supervisor.auth).send({})).status).toBe(403);
      expect(await invoicesOf(b.company.id)).toHaveLength(0);
    });
  });

  describe('billing data', () => {
    const DATA = {
      billingName: 'Maria Silva',
      addressZipCode: '50000-000',
      addressStreet: 'Rua da Aurora, 10',
      addressState: 'PE',
      addressCity: 'Recife',
      addressDistrict: 'Boa Vista',
    };

    it("keeps the checkout's 'Dados' on the company and answers it on the subscription summary", async () => {
      const c = await createTenant(t, { plan: { value: 40 } });
      const admin = await login(t, c.admin.email);
      await t
        .http()
        .put(`/api/companies/${c.company.id}`)
        .set(superUser.auth)
        .send({ dueDate: new Date(Date.now() + 3 * DAY).toISOString() });
      const [invoice] = await invoicesOf(c.company.id);
      const order = await t.http().post('/api/subscription').set(admin.auth).send({
        invoiceId: invoice!.id,
        firstName: 'Maria',
        lastName: 'Silva',
        address2: 'Rua da Aurora, 10',
        district: 'Boa Vista',
        city: 'Recife',
        state: 'PE',
        zipcode: '50000-000',
        country: 'BR',
      });
      expect(order.status).toBe(200);
      const summary = await t.http().get('/api/subscription').set(admin.auth);
      expect(summary.body.company.billing).toEqual(DATA);
      const stored = await t.em().findOneOrFail(Company, { id: c.company.id });
      expect(stored).toMatchObject(DATA);
      // Another company's summary holds its own data, not this one.
      expect((await t.http().get('/api/subscription').set(adminB.auth)).body.company.billing.billingName).toBeNull();
    });

    it('is edited by the super user, validated, and out of reach of company admins and other tenants', async () => {
      const c = await createTenant(t);
      const edit = await t
        .http()
        .put(`/api/companies/${c.company.id}`)
        .set(superUser.auth)
        .send({ ...DATA, addressDistrict: '' });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ ...DATA, addressDistrict: null });
      expect((await t.http().get(`/api/companies/${c.company.id}`).set(superUser.auth)).body).toMatchObject({ billingName: 'Maria Silva' });

      const tooLong = await t
        .http()
        .put(`/api/companies/${c.company.id}`)
        .set(superUser.auth)
        .send({ addressZipCode: '1'.repeat(21) });
      expect(tooLong.status).toBe(400);
      const notText = await t.http().put(`/api/companies/${c.company.id}`).set(superUser.auth).send({ billingName: 12 });
      expect(notText.status).toBe(400);

      const admin = await login(t, c.admin.email);
      expect((await t.http().put(`/api/companies/${c.company.id}`).set(admin.auth).send({ billingName: 'Outro' })).status).toBe(403);
      expect((await t.http().put(`/api/companies/${c.company.id}`).set(adminB.auth).send({ billingName: 'Outro' })).status).toBe(403);
      expect((await t.em().findOneOrFail(Company, { id: c.company.id })).billingName).toBe('Maria Silva');
    });
  });
});
