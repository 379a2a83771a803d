import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { companyAccessError } from '../../src/authorization/auth-context.loader.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { CompanyActivity } from '../../src/modules/companies/company-activity.js';
import { CompanyExpiry } from '../../src/modules/companies/company-expiry.js';
import { Migration20261130040000_due_days } from '../../migrations/Migration20261130040000_due_days.js';
import { InvoiceGenerator } from '../../src/modules/invoices/invoice-generator.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { DEFAULT_TIME_ZONE, dayFromToday, dueDayEnd, dueDayIso, dueDayShown, todayIn } from '../../src/shared/due-date.js';
import { addMonths } from '../../src/shared/recurrence.js';
import { companyDueDate } from '../utils/billing.js';
import { createTenant, DEFAULT_PASSWORD, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const SP = DEFAULT_TIME_ZONE;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SECRET_HEADER = 'x-simulator-secret';

/** A fixed-offset zone whose wall clock reads `hour` o'clock now (Etc/GMT names count the offset backwards). */
function zoneAtLocalHour(hour: number, now = new Date()): string {
  let offset = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('due dates are days, ending at midnight in the company zone', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  const loginAs = (email: string) => t.http().post('/api/auth/login').send({ email, password: DEFAULT_PASSWORD });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t, { company: { dueDate: todayIn(SP) } });
  });
  afterAll(() => t.close());

  it('keeps a company due today in São Paulo active at 23:30 there and expires it after midnight there', async () => {
    const due = todayIn(SP);
    const end = dueDayEnd(due, SP);
    const at2330 = new Date(end.getTime() - 30 * MINUTE);
    const after = new Date(end.getTime() + 30_000);
    const activity = t.app.get(CompanyActivity);
    expect(await activity.inactiveReason(tenant.company.id, at2330)).toBeNull();
    expect(await activity.inactiveReason(tenant.company.id, after)).toBe('expired');

    const stored = await t.em().fork().findOneOrFail(Company, { id: tenant.company.id });
    expect(companyAccessError(stored, false, at2330)).toBeNull();
    const refused = companyAccessError(stored, false, after);
    expect(refused?.message).toBe(`Opss! Sua assinatura venceu ${dueDayShown(due)}. Entre em contato com o Suporte para mais informações!`);

    // The sweep drops its sockets in the minute its day ends there, not at UTC midnight nor at the stored value.
    const expiry = t.app.get(CompanyExpiry);
    expect(await expiry.disconnectExpired(new Date(at2330.getTime() - 2 * MINUTE), at2330)).not.toContain(tenant.company.id);
    expect(await expiry.disconnectExpired(new Date(end.getTime() - MINUTE), after)).toContain(tenant.company.id);

    // Logging in now (whatever the hour) is allowed on the due day, and the session answers the day as the spec shapes it.
    const res = await loginAs(tenant.admin.email);
    expect(res.status).toBe(200);
    expect(res.body.user.company.dueDate).toBe(dueDayIso(due));
  });

  it('lets the real login through late on the due day in the company zone and refuses it once that day is over', async () => {
    const lateZone = zoneAtLocalHour(23);
    const late = await createTenant(t, { company: { timezone: lateZone, dueDate: todayIn(lateZone) } });
    expect((await loginAs(late.admin.email)).status).toBe(200);

    const pastZone = zoneAtLocalHour(0);
    const yesterday = new Date(todayIn(pastZone).getTime() - DAY);
    const past = await createTenant(t, { company: { timezone: pastZone, dueDate: yesterday } });
    const refused = await loginAs(past.user.email);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(refused.body.message).toBe(`Opss! Sua assinatura venceu ${dueDayShown(yesterday)}. Entre em contato com o Suporte para mais informações!`);
  });

  it('issues one invoice per company and due day, counting the horizon in the company zone', async () => {
    const issuer = t.app.get(InvoiceGenerator);
    const c = await createTenant(t, { company: { dueDate: dayFromToday(20, SP) } });
    const end = dueDayEnd(todayIn(SP), SP);
    // 23:30 today in São Paulo: twenty days left, beyond the horizon; half an hour after midnight, nineteen.
    expect(await issuer.issueFor(c.company.id, new Date(end.getTime() - 30 * MINUTE))).toBe(false);
    expect(await issuer.issueFor(c.company.id, new Date(end.getTime() + 30 * MINUTE))).toBe(true);
    expect(await issuer.issueFor(c.company.id, new Date(end.getTime() + 10 * 60 * MINUTE))).toBe(false);
    // The same day written as an instant is the same due date.
    await t.em().nativeUpdate(Company, { id: c.company.id }, { dueDate: new Date(`${dueDayIso(dayFromToday(20, SP))!.slice(0, 10)}T18:00:00-03:00`) });
    expect(await issuer.issueFor(c.company.id, new Date(end.getTime() + DAY))).toBe(false);
    const invoices = await t.em().fork().find(Invoice, { company: c.company.id }, { filters: false });
    expect(invoices.map((invoice) => dueDayIso(invoice.dueDate))).toEqual([dueDayIso(dayFromToday(20, SP))]);
  });

  it('extends the due date by the recurrence from the due day, or from today there once it passed', async () => {
    const pay = async ({ company, admin }: TenantFixture) => {
      const companyId = company.id;
      await t.app.get(InvoiceGenerator).issueFor(companyId);
      const invoice = await t.em().fork().findOneOrFail(Invoice, { company: companyId }, { filters: false });
      // The checkout opens the charge: an expired company's admin does it with the billing-only token.
      const session = (await loginAs(admin.email)).body as { token?: string; billingToken?: string };
      const auth = { Authorization: `Bearer ${session.token ?? session.billingToken}` };
      expect((await t.http().post('/api/subscription').set(auth).send({ invoiceId: invoice.id })).status).toBe(200);
      const paid = await t.http().post('/api/dev/payments/pay').set(SECRET_HEADER, t.config.simulatorSecret!).send({ invoiceId: invoice.id });
      expect(paid.body.outcome).toBe('applied');
      return (await companyDueDate(t, companyId))!;
    };
    const onTime = await createTenant(t, { company: { dueDate: dayFromToday(3, SP), recurrence: 'TRIMESTRAL' } });
    expect(dueDayIso(await pay(onTime))).toBe(dueDayIso(addMonths(dayFromToday(3, SP), 3)));

    const late = await createTenant(t, { company: { dueDate: dayFromToday(-2, SP) } });
    expect(dueDayIso(await pay(late))).toBe(dueDayIso(addMonths(todayIn(SP), 1)));
    expect((await loginAs(late.admin.email)).status).toBe(200);
  });

  it('turns stored instants into their UTC day, the day every screen showed (migration)', async () => {
    const em = t.em();
    const sql = (query: string, params: unknown[] = []) => em.getConnection().execute(query, params);
    const run = async (step: 'up' | 'down') => {
      const migration = new Migration20261130040000_due_days(em.getDriver(), em.config);
      await migration[step]();
      for (const query of migration.getQueries()) await sql(String(query));
    };
    const c = await createTenant(t);
    await run('down');
    // A day set in the form (UTC midnight: 21:00 the evening before in São Paulo) and a trial end with a time of day.
    await sql(`update companies set due_date = '2026-11-20T00:00:00Z', trial_expiration = '2026-11-23T02:30:00Z' where id = ?`, [c.company.id]);
    await sql(
      `insert into invoices (company_id, due_date, value, detail, status, created_at, updated_at) values (?, '2026-11-20T00:00:00Z', 10, 'Plano', 'open', now(), now())`,
      [c.company.id],
    );
    await run('up');
    const [company] = await sql(
      `select to_char(due_date, 'YYYY-MM-DD') as due, to_char(trial_expiration, 'YYYY-MM-DD') as trial, pg_typeof(due_date)::text as type from companies where id = ?`,
      [c.company.id],
    );
    expect(company).toEqual({ due: '2026-11-20', trial: '2026-11-23', type: 'date' });
    const invoices = await sql(`select to_char(due_date, 'YYYY-MM-DD') as due from invoices where company_id = ?`, [c.company.id]);
    expect(invoices).toEqual([{ due: '2026-11-20' }]);
    // The invoice still names its company's due day.
    expect(
      await t
        .em()
        .fork()
        .findOne(Invoice, { company: c.company.id, dueDate: new Date('2026-11-20T00:00:00Z') }, { filters: false }),
    ).not.toBeNull();
  });
});
