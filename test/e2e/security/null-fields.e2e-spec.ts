import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migration20261129100000_campaign_settings_null_text } from '../../../migrations/Migration20261129100000_campaign_settings_null_text.js';
import { CampaignSetting } from '../../../src/modules/campaigns/campaign-setting.entity.js';
import { Company } from '../../../src/modules/companies/company.entity.js';
import { createTenant, createUser, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

/** The fields a 400 names. */
const refused = (res: { status: number; body: { error?: string; fields?: { field: string }[] } }) => ({
  status: res.status,
  error: res.body.error,
  fields: (res.body.fields ?? []).map((f) => f.field),
});

/**
 * An optional field sent as null is either cleared (the column becomes NULL, or empty where the column keeps '') or
 * refused with 400 naming it: never stored as the text "null", never a 500 (issue 22).
 */
describe('security: null in optional fields', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let superUser: Session;
  let connectionId: number;
  let contactId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    superUser = await login(t, (await createUser(t, tenant.company, 'admin', { super: true })).email);
    connectionId = (await t.http().post('/api/whatsapp').set(admin.auth).send({ name: 'Nulos', provider: 'simulator' }).expect(201)).body.id;
    contactId = (
      await t.http().post('/api/contacts').set(admin.auth).send({ name: 'Nina Nula', number: '5511955550001', email: 'nina@example.com' }).expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  describe('campaign settings', () => {
    const save = (body: Record<string, unknown>) => t.http().post('/api/campaign-settings').set(admin.auth).send(body);

    it('clears the quiet hours on null, and later partial saves still work', async () => {
      await save({ quietHoursStart: '21:00', quietHoursEnd: '08:00' }).expect(200);
      const cleared = await save({ quietHoursStart: null, quietHoursEnd: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ quietHoursStart: '', quietHoursEnd: '' });
      const rows = await t.em().find(CampaignSetting, { company: tenant.company.id, key: { $in: ['quietHoursStart', 'quietHoursEnd'] } }, { filters: false });
      expect(rows.map((row) => row.value)).not.toContain('null');

      // The measured failure: one null stored as "null", then every partial save answered 400.
      expect((await save({ quietHoursStart: null })).status).toBe(200);
      const next = await save({ dailyCap: 250 });
      expect(next.status).toBe(200);
      expect(next.body).toMatchObject({ dailyCap: 250, quietHoursStart: '', quietHoursEnd: '' });
      expect((await t.http().get('/api/campaign-settings').set(admin.auth)).body).toMatchObject({ quietHoursStart: '', quietHoursEnd: '' });
    });

    it('refuses null where a setting has no empty value, naming the field (the lists answered 500)', async () => {
      expect(refused(await save({ messageInterval: null, variables: null, optOutKeywords: null }))).toEqual({
        status: 400,
        error: 'ERR_VALIDATION',
        fields: ['messageInterval', 'optOutKeywords', 'variables'],
      });
      expect(refused(await save({ variables: [{ key: 'loja', value: null }] }))).toMatchObject({ status: 400, fields: ['variables.0.value'] });
      expect((await t.http().get('/api/campaign-settings').set(admin.auth)).body).toMatchObject({ messageInterval: 20, variables: [] });
    });

    it('repairs settings stored as the text "null" (migration)', async () => {
      const em = t.em();
      const company = em.getReference(Company, tenant.company.id);
      await em.nativeDelete(CampaignSetting, { company: tenant.company.id }, { filters: false });
      for (const [key, value] of [
        ['quietHoursStart', 'null'],
        ['quietHoursEnd', '08:00'],
        ['dailyCap', 'null'],
        ['messageInterval', '30'],
      ]) {
        em.create(CampaignSetting, { company, key: key!, value: value! });
      }
      await em.flush();
      const migration = new Migration20261129100000_campaign_settings_null_text(em.getDriver(), em.config);
      await migration.up();
      for (const query of migration.getQueries()) await em.getConnection().execute(String(query));

      expect((await t.http().get('/api/campaign-settings').set(admin.auth)).body).toMatchObject({
        quietHoursStart: '',
        quietHoursEnd: '',
        dailyCap: 1000,
        messageInterval: 30,
      });
      expect((await save({ greaterInterval: 80 })).status).toBe(200);
    });
  });

  describe('"clear it" fields', () => {
    it("clears a contact's email", async () => {
      const res = await t.http().put(`/api/contacts/${contactId}`).set(admin.auth).send({ email: null });
      expect(res.status).toBe(200);
      expect(res.body.email).toBeNull();
      expect((await t.http().get(`/api/contacts/${contactId}`).set(admin.auth)).body.email).toBeNull();
    });

    it("clears a schedule's connection, and refuses a null send time or text (it answered 500)", async () => {
      const sendAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const created = await t.http().post('/api/schedules').set(admin.auth).send({ body: 'Lembrete', sendAt, contactId, whatsappId: connectionId }).expect(201);
      expect(created.body.whatsappId).toBe(connectionId);
      const cleared = await t.http().put(`/api/schedules/${created.body.id}`).set(admin.auth).send({ whatsappId: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.whatsappId).toBeNull();
      expect((await t.http().get(`/api/schedules/${created.body.id}`).set(admin.auth)).body.whatsappId).toBeNull();

      expect(refused(await t.http().put(`/api/schedules/${created.body.id}`).set(admin.auth).send({ sendAt: null, body: null }))).toMatchObject({
        status: 400,
        fields: ['body', 'sendAt'],
      });
      expect((await t.http().get(`/api/schedules/${created.body.id}`).set(admin.auth)).body).toMatchObject({ body: 'Lembrete', sendAt });
    });

    it("clears a user's connection and refuses null for the fields a user always has", async () => {
      const user = await t
        .http()
        .post('/api/users')
        .set(admin.auth)
        .send({
          name: 'Otto Opcional',
          email: 'otto@example.com',
          password: 'Secret123!',
          whatsappId: connectionId,
          queueIds: [tenant.queues[0]!.id],
        });
      expect(user.status).toBe(201);
      const cleared = await t.http().put(`/api/users/${user.body.id}`).set(admin.auth).send({ whatsappId: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.whatsappId).toBeNull();

      const res = await t.http().put(`/api/users/${user.body.id}`).set(admin.auth).send({ profile: null, queueIds: null, name: null, companyId: null });
      expect(refused(res)).toEqual({ status: 400, error: 'ERR_VALIDATION', fields: ['companyId', 'name', 'profile', 'queueIds'] });
      expect((await t.http().get(`/api/users/${user.body.id}`).set(admin.auth)).body).toMatchObject({ profile: 'user', name: 'Otto Opcional' });
    });

    it("takes a ticket's queue and user away on null, and refuses a null connection", async () => {
      const ticket = await t
        .http()
        .post('/api/tickets')
        .set(admin.auth)
        .send({ contactId, queueId: tenant.queues[0]!.id, whatsappId: connectionId, status: 'open' });
      expect(ticket.status).toBe(201);
      const res = await t.http().put(`/api/tickets/${ticket.body.id}`).set(admin.auth).send({ queueId: null, userId: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ queueId: null, userId: null });
      expect(refused(await t.http().put(`/api/tickets/${ticket.body.id}`).set(admin.auth).send({ whatsappId: null }))).toMatchObject({
        status: 400,
        fields: ['whatsappId'],
      });
    });

    it("clears a company's due date and phone (super user), and refuses a null status", async () => {
      const company = await t.http().post('/api/companies').set(superUser.auth).send({
        name: 'Empresa Nula',
        email: 'nula@example.com',
        planId: tenant.plan.id,
        phone: '(11) 98888-7777',
        dueDate: '2030-01-31',
      });
      expect(company.status).toBe(201);
      const res = await t.http().put(`/api/companies/${company.body.id}`).set(superUser.auth).send({ dueDate: null, phone: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dueDate: null, phone: null });
      expect(refused(await t.http().put(`/api/companies/${company.body.id}`).set(superUser.auth).send({ status: null }))).toMatchObject({
        status: 400,
        fields: ['status'],
      });
    });

    it('empties a campaign message and unsets its connection', async () => {
      const campaign = await t.http().post('/api/campaigns').set(admin.auth).send({ name: 'Campanha nula', message1: 'Oi {nome}', whatsappId: connectionId });
      expect(campaign.status).toBe(201);
      const res = await t.http().put(`/api/campaigns/${campaign.body.id}`).set(admin.auth).send({ message1: null, whatsappId: null, scheduledAt: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message1: '', whatsappId: null, scheduledAt: null, status: 'INATIVA' });
      expect(refused(await t.http().put(`/api/campaigns/${campaign.body.id}`).set(admin.auth).send({ name: null, confirmation: null }))).toMatchObject({
        status: 400,
        fields: ['confirmation', 'name'],
      });
    });
  });

  describe('NOT NULL columns', () => {
    it('refuse null with 400 naming the field, also inside lists', async () => {
      const quick = await t.http().post('/api/quick-messages').set(admin.auth).send({ shortcode: 'nulo', message: 'Olá' }).expect(201);
      expect(refused(await t.http().put(`/api/quick-messages/${quick.body.id}`).set(admin.auth).send({ message: null, geral: null }))).toEqual({
        status: 400,
        error: 'ERR_VALIDATION',
        fields: ['geral', 'message'],
      });
      const extra = await t
        .http()
        .put(`/api/contacts/${contactId}`)
        .set(admin.auth)
        .send({ extraInfo: [{ id: null, name: 'CPF', value: '123' }] });
      expect(refused(extra)).toMatchObject({ status: 400, fields: ['extraInfo.0.id'] });
      const plan = await t.http().put(`/api/plans/${tenant.plan.id}`).set(superUser.auth).send({ useCampaigns: null });
      expect(refused(plan)).toMatchObject({ status: 400, fields: ['useCampaigns'] });
    });
  });

  describe('query strings', () => {
    it.each([
      ['/api/tickets', { queueId: 'null', userId: '' }],
      ['/api/tickets', { queueIds: 'null', tags: '[null]', users: '', showAll: 'null' }],
      ['/api/contacts', { filter: '{"whatsappId":null,"id":null}' }],
      ['/api/schedules', { contactId: 'null', from: '' }],
      ['/api/ticket-notes/list', { ticketId: 'null', contactId: '' }],
      ['/api/queue-options', { queueId: 'null', parentId: '' }],
      ['/api/users', { filter: '{"queueId":null}' }],
      ['/api/dashboard', { days: 'null', date_from: '' }],
    ])('%s answers %j with 2xx or 400, never 500', async (path, query) => {
      const res = await t.http().get(path).set(admin.auth).query(query);
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(res.body.error).toBe('ERR_VALIDATION');
    });
  });
});
