import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { AuditRetention } from '../../src/modules/audit/audit-retention.js';
import { AuditTrail } from '../../src/infra/audit/audit-trail.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import type { AuditLogResponse } from '../../src/shared/audit-api-types.js';
import { invoiceFor, sandboxWebhook } from '../utils/billing.js';
import { contactListWith } from '../utils/campaigns.js';
import { connectedSimulator } from '../utils/channels.js';
import { createUser, login, type Session, type TwoTenants, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const DAY = 24 * 3600 * 1000;

describe('audit trail', () => {
  let t: TestApp;
  let tenants: TwoTenants;
  let superUser: Session;
  let adminA: Session;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await twoTenants(t);
    adminA = tenants.adminA;
    superUser = await login(t, (await createUser(t, tenants.b.company, 'admin', { super: true })).email);
  });
  afterAll(() => t.close());

  const sql = <T>(text: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(text, params);

  /** Every entry of `action` on one subject, read straight from the table. */
  const rowsOf = (action: string, subjectId: number | string) =>
    sql<{ company_id: number; user_id: number | null; ip: string | null; changes: Record<string, { from?: unknown; to?: unknown }> }>(
      'select company_id, user_id, ip, changes from audit_logs where action = ? and subject_id = ? order by id',
      [action, String(subjectId)],
    );

  /** Runs `act` and answers the one entry of `action` on the subject it wrote: exactly one, or the test fails. */
  async function oneEntry(action: string, subjectId: () => number | string, act: () => Promise<unknown>) {
    await act();
    const rows = await rowsOf(action, subjectId());
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  const list = (session: Session, filter: Record<string, unknown> = {}, range = [0, 99]) =>
    t
      .http()
      .get('/api/audit-logs')
      .query({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: JSON.stringify(['createdAt', 'DESC']) })
      .set(session.auth);

  describe('every audited action writes exactly one entry with its diff', () => {
    it('users: create, update (profile, queues), an admin password reset (masked), unlock, delete', async () => {
      let id = 0;
      const created = await oneEntry(
        'user.create',
        () => id,
        async () => {
          const res = await t
            .http()
            .post('/api/users')
            .set(adminA.auth)
            .send({ name: 'Ana', email: 'ana.audit@example.com', password: 'Secret123!', profile: 'user' });
          expect(res.status).toBe(201);
          id = res.body.id;
        },
      );
      expect(created).toMatchObject({ company_id: tenants.a.company.id, user_id: adminA.userId });
      expect(created.ip).toBeTruthy();
      expect(created.changes).toMatchObject({ name: { to: 'Ana' }, email: { to: 'ana.audit@example.com' }, profile: { to: 'user' } });
      expect(JSON.stringify(created.changes)).not.toContain('Secret123');

      const queue = (await t.http().post('/api/queue').set(adminA.auth).send({ name: 'Vendas', color: '#333333', greetingMessage: 'Olá!' }).expect(201)).body
        .id as number;
      const updated = await oneEntry(
        'user.update',
        () => id,
        async () => {
          const res = await t
            .http()
            .put(`/api/users/${id}`)
            .set(adminA.auth)
            .send({ profile: 'supervisor', queueIds: [queue], password: 'Another123!' });
          expect(res.body).toMatchObject({ profile: 'supervisor' });
        },
      );
      expect(updated.changes).toEqual({
        profile: { from: 'user', to: 'supervisor' },
        queueIds: { from: [], to: [queue] },
        password: { from: '••••••', to: '••••••' },
      });
      expect(JSON.stringify(updated.changes)).not.toContain('Another123');

      // Saving without a change records nothing.
      await t.http().put(`/api/users/${id}`).set(adminA.auth).send({ profile: 'supervisor' }).expect(200);
      expect(await rowsOf('user.update', id)).toHaveLength(1);

      await oneEntry(
        'user.unlock',
        () => id,
        () => t.http().post(`/api/users/${id}/unlock-login`).set(adminA.auth).expect(204),
      );
      const deleted = await oneEntry(
        'user.delete',
        () => id,
        () => t.http().delete(`/api/users/${id}`).set(adminA.auth).expect(204),
      );
      expect(deleted.changes).toMatchObject({ name: { from: 'Ana' }, profile: { from: 'supervisor' } });
    });

    it('companies (by a super user, in the company’s own trail), plans and announcements', async () => {
      const companyId = tenants.a.company.id;
      const dueDate = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
      const company = await oneEntry(
        'company.update',
        () => companyId,
        () => t.http().put(`/api/companies/${companyId}`).set(superUser.auth).send({ name: 'Empresa Auditada', dueDate }).expect(200),
      );
      expect(company.company_id).toBe(companyId);
      expect(company.user_id).toBe(superUser.userId);
      expect(company.changes.name).toEqual({ from: tenants.a.company.name, to: 'Empresa Auditada' });
      expect(String(company.changes.dueDate?.to)).toContain(dueDate);

      let planId = 0;
      const plan = await oneEntry(
        'plan.create',
        () => planId,
        async () => {
          planId = (
            await t.http().post('/api/plans').set(superUser.auth).send({ name: 'Auditado', users: 2, connections: 1, queues: 1, value: 10 }).expect(201)
          ).body.id;
        },
      );
      expect(plan.changes).toMatchObject({ name: { to: 'Auditado' }, value: { to: 10 } });
      const price = await oneEntry(
        'plan.update',
        () => planId,
        () => t.http().put(`/api/plans/${planId}`).set(superUser.auth).send({ value: 12.5 }).expect(200),
      );
      expect(price.changes).toEqual({ value: { from: 10, to: 12.5 } });
      await oneEntry(
        'plan.delete',
        () => planId,
        () => t.http().delete(`/api/plans/${planId}`).set(superUser.auth).expect(204),
      );

      let announcementId = 0;
      await oneEntry(
        'announcement.create',
        () => announcementId,
        async () => {
          announcementId = (await t.http().post('/api/announcements').set(superUser.auth).send({ title: 'Manutenção', text: 'Sábado' }).expect(201)).body.id;
        },
      );
      const edited = await oneEntry(
        'announcement.update',
        () => announcementId,
        () => t.http().put(`/api/announcements/${announcementId}`).set(superUser.auth).send({ text: 'Domingo' }).expect(200),
      );
      expect(edited.changes).toEqual({ text: { from: 'Sábado', to: 'Domingo' } });
      await oneEntry(
        'announcement.delete',
        () => announcementId,
        () => t.http().delete(`/api/announcements/${announcementId}`).set(superUser.auth).expect(204),
      );
    });

    it('a company signed up from the public form, by its new owner', async () => {
      const planId = (
        await t.http().post('/api/plans').set(superUser.auth).send({ name: 'Cadastro', users: 2, connections: 1, queues: 1, value: 1 }).expect(201)
      ).body.id;
      const email = 'dona.nova@example.com';
      await t.http().post('/api/companies/cadastro').send({ name: 'Loja Nova', email, password: 'Secret123!', planId, phone: '11999999999' }).expect(201);
      const [owner] = await sql<{ id: number; company_id: number }>('select id, company_id from users where email = ?', [email]);
      const entry = await rowsOf('company.create', owner!.company_id);
      expect(entry).toHaveLength(1);
      expect(entry[0]).toMatchObject({ company_id: owner!.company_id, user_id: owner!.id });
      expect(entry[0]!.changes).toMatchObject({ name: { to: 'Loja Nova' }, email: { to: email }, signup: { to: true } });
    });

    it('settings (a credential masked) and connections: create, token regenerated, delete', async () => {
      const setting = await oneEntry(
        'setting.update',
        () => 'userRating',
        () => t.http().put('/api/settings/userRating').set(adminA.auth).send({ value: 'enabled' }).expect(200),
      );
      expect(setting.changes.value?.to).toBe('enabled');
      const secret = await oneEntry(
        'setting.update',
        () => 'asaas',
        () => t.http().put('/api/settings/asaas').set(adminA.auth).send({ value: 'token-secreto' }).expect(200),
      );
      expect(secret.changes).toEqual({ value: { to: '••••••' } });

      let id = 0;
      const created = await oneEntry(
        'connection.create',
        () => id,
        async () => {
          id = (await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Auditada', provider: 'simulator' }).expect(201)).body.id;
        },
      );
      expect(created.changes).toMatchObject({ name: { to: 'Auditada' }, provider: { to: 'simulator' }, tokenHash: { to: '••••••' } });
      const token = await oneEntry(
        'connection.token-regenerate',
        () => id,
        () => t.http().post(`/api/whatsapp/${id}/token`).set(adminA.auth).expect(200),
      );
      expect(token.changes.tokenHash).toEqual({ from: '••••••', to: '••••••' });
      await oneEntry(
        'connection.delete',
        () => id,
        () => t.http().delete(`/api/whatsapp/${id}`).set(adminA.auth).expect(204),
      );
    });

    it('campaigns: start, cancel, restart; a contact list import', async () => {
      const connection = await connectedSimulator(t, tenants.a.company.id, 'Campanhas auditadas');
      const list = await contactListWith(t, tenants.a.company.id, [{ name: 'P', number: '5511988887777' }]);
      const id = (
        await t
          .http()
          .post('/api/campaigns')
          .set(adminA.auth)
          .send({ name: 'Auditada', message1: 'Oi', contactListId: list.id, whatsappId: connection.id })
          .expect(201)
      ).body.id as number;
      const started = await oneEntry(
        'campaign.start',
        () => id,
        () => t.http().post(`/api/campaigns/${id}/start`).set(adminA.auth).expect(200),
      );
      expect(started.changes.status).toEqual({ from: 'INATIVA', to: 'PROGRAMADA' });
      const cancelled = await oneEntry(
        'campaign.cancel',
        () => id,
        () => t.http().post(`/api/campaigns/${id}/cancel`).set(adminA.auth).expect(200),
      );
      expect(cancelled.changes.status?.to).toBe('CANCELADA');
      const restarted = await oneEntry(
        'campaign.restart',
        () => id,
        () => t.http().post(`/api/campaigns/${id}/restart`).set(adminA.auth).expect(200),
      );
      expect(restarted.changes.status).toEqual({ from: 'CANCELADA', to: 'EM_ANDAMENTO' });

      const sheet = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(
        sheet,
        XLSX.utils.aoa_to_sheet([
          ['nome', 'numero'],
          ['Rita', '5511977776666'],
        ]),
        'Contatos',
      );
      const file = XLSX.write(sheet, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const imported = await oneEntry(
        'contact-list.import',
        () => list.id,
        () => t.http().post(`/api/contact-lists/${list.id}/upload`).set(adminA.auth).attach('file', file, 'contatos.xlsx').expect(202),
      );
      expect(imported.changes.fileName).toEqual({ to: 'contatos.xlsx' });
    });

    it('invoices: a charge by the admin, the payment by the provider (no user, the sender’s address)', async () => {
      const invoice = await invoiceFor(t, tenants.a.company.id, new Date(Date.now() + 10 * DAY));
      let txid = '';
      const charge = await oneEntry(
        'invoice.charge',
        () => invoice.id,
        async () => {
          txid = (await t.http().post('/api/subscription').set(adminA.auth).send({ invoiceId: invoice.id }).expect(200)).body.txid;
        },
      );
      expect(charge.changes.charge?.to).toMatchObject({ txid, provider: 'sandbox' });
      const paid = await oneEntry(
        'invoice.paid',
        () => invoice.id,
        async () => expect((await sandboxWebhook(t, { endToEndId: 'E-AUDIT', txid, amount: Number(invoice.value).toFixed(2) })).status).toBe(200),
      );
      expect(paid).toMatchObject({ company_id: tenants.a.company.id, user_id: null });
      expect(paid.changes.status).toEqual({ from: 'open', to: 'paid' });
    });

    it('sign-in, sign-out, and the one attempt that locks an account', async () => {
      const user = await createUser(t, tenants.a.company, 'user');
      const before = (await rowsOf('auth.sign-in', user.id)).length;
      const session = await login(t, user.email);
      expect(await rowsOf('auth.sign-in', user.id)).toHaveLength(before + 1);
      await oneEntry(
        'auth.sign-out',
        () => user.id,
        () => t.http().delete('/api/auth/logout').set(session.auth).set('Cookie', session.cookie).expect(204),
      );
      const limit = t.config.rateLimits.loginPerAccountAndIp.limit;
      for (let i = 0; i <= limit + 2; i += 1) await t.http().post('/api/auth/login').send({ email: user.email, password: 'wrong-password' });
      const locks = await rowsOf('auth.lockout', user.id);
      expect(locks).toHaveLength(1);
      expect(locks[0]!.changes).toEqual({ scope: { to: 'account-ip' } });
      // Failed logins and refusals after the lock add nothing.
      expect(await rowsOf('auth.sign-in', user.id)).toHaveLength(before + 1);
    });
  });

  describe('reading the trail', () => {
    it('an admin reads their own company’s entries only; a super user reads every company’s, and filters', async () => {
      const own = await list(adminA);
      expect(own.status).toBe(200);
      expect(own.headers['content-range']).toMatch(/^auditLogs 0-\d+\/\d+$/);
      const entries = own.body as AuditLogResponse[];
      expect(entries.length).toBeGreaterThan(5);
      expect(entries.every((e) => e.companyId === tenants.a.company.id)).toBe(true);
      expect(entries.map((e) => e.createdAt)).toEqual([...entries.map((e) => e.createdAt)].sort().reverse());
      // The super user's own edit of this company shows, with the super user's name.
      expect(entries.find((e) => e.action === 'company.update')).toMatchObject({ userId: superUser.userId, subjectType: 'Company' });

      // Another company's entries: a filter naming it shows nothing; an id of it is 404.
      expect((await list(adminA, { companyId: tenants.b.company.id })).body).toEqual([]);
      const [foreign] = await sql<{ id: string }>('select id::text as id from audit_logs where company_id = ? limit 1', [tenants.b.company.id]);
      expect(foreign).toBeDefined();
      expect((await t.http().get(`/api/audit-logs/${foreign!.id}`).set(tenants.adminB.auth)).status).toBe(200);
      const hidden = await t.http().get(`/api/audit-logs/${foreign!.id}`).set(adminA.auth);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error).toBe('ERR_NO_AUDIT_LOG_FOUND');

      const everything = (await list(superUser, {}, [0, 499])).body as AuditLogResponse[];
      const companies = new Set(everything.map((e) => e.companyId));
      expect(companies.has(tenants.a.company.id) && companies.has(tenants.b.company.id)).toBe(true);
      const plans = (await list(superUser, { subjectType: 'Plan', action: 'plan.update' })).body as AuditLogResponse[];
      expect(plans).toHaveLength(1);
      expect(plans[0]!.changes).toEqual({ value: { from: 10, to: 12.5 } });
      const byUser = (await list(superUser, { userId: adminA.userId, companyId: tenants.a.company.id })).body as AuditLogResponse[];
      expect(byUser.length).toBeGreaterThan(0);
      expect(byUser.every((e) => e.userId === adminA.userId)).toBe(true);
      const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
      expect((await list(superUser, { createdAt_gte: tomorrow })).body).toEqual([]);
      expect(((await list(superUser, { createdAt_lte: tomorrow })).body as unknown[]).length).toBe(everything.length);
    });

    it('refuses lower roles, bad filters and ids, and offers no way to change or delete an entry', async () => {
      expect((await list(tenants.userA)).status).toBe(403);
      const supervisor = await login(t, (await createUser(t, tenants.a.company, 'supervisor')).email);
      expect((await list(supervisor)).status).toBe(403);
      expect((await t.http().get('/api/audit-logs').set(adminA.auth).query({ filter: '{"password":"x"}' })).status).toBe(400);
      expect((await t.http().get('/api/audit-logs').set(adminA.auth).query({ filter: '{"createdAt_gte":"ontem"}' })).status).toBe(400);
      expect((await t.http().get('/api/audit-logs').set(adminA.auth).query({ range: '[0,100000]' })).status).toBe(400);
      expect((await t.http().get('/api/audit-logs/1;drop').set(adminA.auth)).status).toBe(400);
      expect((await t.http().get('/api/audit-logs').query({ range: '[0,9]' })).status).toBe(401);

      const [entry] = (await list(adminA)).body as AuditLogResponse[];
      for (const method of ['put', 'patch', 'delete'] as const) {
        expect((await t.http()[method](`/api/audit-logs/${entry!.id}`).set(superUser.auth).send({ action: 'x' })).status).toBe(404);
      }
      expect((await t.http().post('/api/audit-logs').set(superUser.auth).send({ action: 'x' })).status).toBe(404);
      // Not even SQL from the application's own connection rewrites history.
      await expect(sql('update audit_logs set action = ? where id = ?', ['x', entry!.id])).rejects.toThrow(/append-only/);
      await expect(sql('delete from audit_logs where id = ?', [entry!.id])).rejects.toThrow(/append-only/);
      expect((await t.http().get(`/api/audit-logs/${entry!.id}`).set(adminA.auth)).body.action).toBe(entry!.action);
    });

    it('an entry and its change commit together or not at all', async () => {
      const trail = t.app.get(AuditTrail);
      const actor = { companyId: tenants.a.company.id, userId: adminA.userId, ip: '203.0.113.9' };
      const count = async () => (await sql<{ n: number }>('select count(*)::int as n from audit_logs where ip = ?', [actor.ip]))[0]!.n;
      // The change fails (a plan's name is unique): no entry.
      const taken = t.em().create(Plan, { name: 'Único', users: 1, connections: 1, queues: 1, value: 1 });
      await t.em().persist(taken).flush();
      const em = t.em();
      em.create(Plan, { name: 'Único', users: 1, connections: 1, queues: 1, value: 1 });
      await expect(trail.flush(em, actor, () => ({ action: 'plan.create', subjectType: 'Plan', subjectId: 0 }))).rejects.toThrow();
      expect(await count()).toBe(0);
      // The entry fails (an action longer than its column): the change is not kept either.
      const other = t.em();
      other.create(Plan, { name: 'Sem registro', users: 1, connections: 1, queues: 1, value: 1 });
      await expect(trail.flush(other, actor, () => ({ action: 'x'.repeat(61), subjectType: 'Plan', subjectId: 0 }))).rejects.toThrow();
      expect(await t.em().count(Plan, { name: 'Sem registro' })).toBe(0);
      expect(await count()).toBe(0);
    });

    it('the retention job removes entries older than the configured days, and only those', async () => {
      const old = new Date(Date.now() - (t.config.auditRetentionDays + 1) * DAY);
      await sql(
        `insert into audit_logs (company_id, user_id, action, subject_type, subject_id, changes, created_at) values (?, null, 'plan.update', 'Plan', '1', '{}', ?), (?, null, 'plan.update', 'Plan', '2', '{}', ?)`,
        [tenants.a.company.id, old, tenants.b.company.id, old],
      );
      const total = async () => (await sql<{ n: number }>('select count(*)::int as n from audit_logs'))[0]!.n;
      const count = await total();
      expect(await t.app.get(AuditRetention).expire()).toBe(2);
      expect(await total()).toBe(count - 2);
      expect(await t.app.get(AuditRetention).expire()).toBe(0);
    });
  });
});
