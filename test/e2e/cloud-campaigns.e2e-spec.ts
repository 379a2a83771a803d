import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MessageTemplate } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_PHONE_NUMBER_ID, FAKE_TEMPLATES } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { ScheduleJobs } from '../../src/modules/schedules/schedule-jobs.js';
import { Schedule } from '../../src/modules/schedules/schedule.entity.js';
import { campaignReaches, contactListWith, setCampaignSettings, shippingsOf } from '../utils/campaigns.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';
import { cloudChannels, cloudWebhookUrl, createCloudConnection } from '../utils/cloud.js';

const APP_SECRET = 'segredo-das-campanhas';
const SECOND_MS = 10;

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

/** A second approved template with three values, for the second message variant. */
const REMINDER: MessageTemplate = {
  id: '9000000000010',
  name: 'lembrete_loja',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: 'Oi {{1}}, a {{2}} te espera. Seu e-mail: {{3}}' }],
};

/**
 * Campaigns and schedules on a WhatsApp Cloud API connection against the Graph API fake: each message variant sends
 * its approved template (values rendered per recipient) once, under the shipping's own id as biz_opaque_callback_data,
 * and the statuses Meta posts back are matched to the shippings by that id; the form's rules for templates.
 */
describe('Cloud API campaigns and schedules by template', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;
  let confirmedId: number;
  let reminderId: number;
  let rejectedId: number;
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET, templates: [...FAKE_TEMPLATES.map((x) => structuredClone(x)), structuredClone(REMINDER)] };

  const create = (body: Record<string, unknown>, session = adminA) => t.http().post('/api/campaigns').set(session.auth).send(body);
  const templateId = async (name: string) =>
    (await rows<{ id: number }>(t, 'select id from message_templates where whatsapp_id = ? and name = ?', [connectionId, name]))[0]!.id;

  beforeAll(async () => {
    const graphPort = await freePort();
    t = await createTestApp({
      // A send of unknown outcome waits 2 s for its status here (10 minutes by default).
      campaigns: { secondMs: SECOND_MS, outcomeWaitMs: 2000 },
      channels: cloudChannels(graphPort),
    });
    fakeOptions.port = graphPort;
    fake = await startFakeGraphApi(fakeOptions);
    ({ a, b, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 3 } }));
    connectionId = await createCloudConnection(t, adminA, APP_SECRET);
    fakeOptions.webhookUrl = cloudWebhookUrl(t, connectionId);
    await waitFor(async () => (await rows(t, 'select id from message_templates where whatsapp_id = ?', [connectionId])).length === 5);
    confirmedId = await templateId('pedido_confirmado');
    reminderId = await templateId('lembrete_loja');
    rejectedId = await templateId('promocao_relampago');
    await setCampaignSettings(t, a.company.id, { messageInterval: 0, longerIntervalAfter: 0, dailyCap: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('sends each of 20 recipients its variant’s template once, values rendered, and counts Meta’s statuses', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => `5511987${String(i + 1).padStart(6, '0')}`);
    const list = await contactListWith(
      t,
      a.company.id,
      numbers.map((number, i) => ({ name: `Cliente ${i + 1} Silva`, number, email: `c${i + 1}@ex.com` })),
    );
    const created = await create({
      name: 'Modelos',
      message1: 'Pedido confirmado',
      message2: 'Lembrete',
      templates: [
        { variant: 1, templateId: confirmedId, variables: ['{nome}', 'BF-{numero}'] },
        { variant: 2, templateId: reminderId, variables: ['{{firstName}}', '{loja}', '{email}'] },
      ],
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body.templates).toEqual([
      { variant: 1, templateId: confirmedId, variables: ['{nome}', 'BF-{numero}'] },
      { variant: 2, templateId: reminderId, variables: ['{{firstName}}', '{loja}', '{email}'] },
    ]);
    await campaignReaches(t, created.body.id, 'FINALIZADA', 30_000);
    await fake.settled();

    const sent = fake.wire.filter((entry) => numbers.includes(entry.to));
    expect(sent.map((entry) => entry.to).sort()).toEqual([...numbers].sort());
    const shippings = await shippingsOf(t, created.body.id);
    for (const [index, number] of numbers.entries()) {
      const shipping = shippings.find((s) => s.number === number)!;
      const entry = sent.find((e) => e.to === number)!;
      const variant = shipping.variant!;
      // Meta's documented shape, with the shipping's own id to find it again in the statuses.
      const template =
        variant === 1
          ? {
              name: 'pedido_confirmado',
              language: { code: 'pt_BR' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: `Cliente ${index + 1} Silva` },
                    { type: 'text', text: `BF-${number}` },
                  ],
                },
              ],
            }
          : {
              name: 'lembrete_loja',
              language: { code: 'pt_BR' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: 'Cliente' },
                    { type: 'text', text: 'Loja Centro' },
                    { type: 'text', text: `c${index + 1}@ex.com` },
                  ],
                },
              ],
            };
      expect(entry.payload).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: number,
        biz_opaque_callback_data: shipping.providerId,
        type: 'template',
        template,
      });
      expect(shipping.body).toBe(
        variant === 1
          ? `Olá Cliente ${index + 1} Silva, seu pedido BF-${number} foi confirmado.`
          : `Oi Cliente, a Loja Centro te espera. Seu e-mail: c${index + 1}@ex.com`,
      );
    }
    expect(new Set(shippings.map((s) => s.variant))).toEqual(new Set([1, 2]));
    // sent → delivered → read came back for every one, matched by the biz_opaque id.
    await waitFor(async () => (await shippingsOf(t, created.body.id)).every((s) => s.outcomeAck === 4), 10_000 * TIME_FACTOR);
    const report = await t.http().get(`/api/campaigns/${created.body.id}/report`).set(adminA.auth);
    expect(report.body.counts).toMatchObject({ total: 20, delivered: 20, failed: 0, pending: 0 });
  });

  it('marks a recipient failed with Meta’s reason when its status says failed', async () => {
    const number = '5511987999001';
    const list = await contactListWith(t, a.company.id, [{ name: 'Sem Zap', number }]);
    fake.setAutoStatuses(false);
    const created = await create({
      name: 'Falha',
      message1: 'x',
      templates: [{ variant: 1, templateId: confirmedId, variables: ['{nome}', '1'] }],
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    await campaignReaches(t, created.body.id, 'FINALIZADA', 30_000);
    const [shipping] = await shippingsOf(t, created.body.id);
    expect(shipping!.status).toBe('delivered');
    const entry = fake.wire.find((e) => e.to === number)!;
    const status = await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, {
      id: entry.id,
      recipient_id: number,
      status: 'failed',
      biz_opaque_callback_data: shipping!.providerId!,
      errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Receiver is not on WhatsApp' } }],
    });
    fake.setAutoStatuses(true);
    expect(status).toBe(200);
    const [after] = await shippingsOf(t, created.body.id);
    expect(after).toMatchObject({ status: 'failed', error: 'ERR_CLOUD_UNDELIVERABLE', outcomeAck: 0 });
    expect(after!.outcomeError).toContain('131026');
  });

  it('does not send again a recipient whose send got no usable answer: without a status it ends failed-unknown', async () => {
    const number = '5511987999002';
    const list = await contactListWith(t, a.company.id, [{ name: 'Sem Resposta', number }]);
    // Meta's generic error: nothing says whether the message went out.
    fake.reject(131000, 'Something went wrong');
    const created = await create({
      name: 'Sem resposta',
      message1: 'x',
      templates: [{ variant: 1, templateId: confirmedId, variables: ['{nome}', '2'] }],
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    await waitFor(async () => (await shippingsOf(t, created.body.id))[0]?.attemptedAt);
    await campaignReaches(t, created.body.id, 'FINALIZADA', 30_000);
    const [shipping] = await shippingsOf(t, created.body.id);
    expect(shipping).toMatchObject({ status: 'failed', error: 'ERR_CLOUD_OUTCOME_UNKNOWN', outcomeAck: null });
    // One call reached the fake (refused), and nothing was tried again.
    expect(fake.wire.filter((e) => e.to === number)).toHaveLength(0);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).length).toBeGreaterThan(0);
  });

  it('refuses a campaign on the connection without an approved template for each message, and bad choices', async () => {
    const list = await contactListWith(t, a.company.id, [{ name: 'Ana', number: '5511987999101' }]);
    const base = { name: 'Validação', message1: 'um', message2: 'dois', contactListId: list.id, whatsappId: connectionId };
    const one = [{ variant: 1, templateId: confirmedId, variables: ['{nome}', '{numero}'] }];

    const missing = await create({ ...base, templates: one });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe('ERR_CLOUD_TEMPLATE_REQUIRED');
    expect((await create({ ...base, message2: '' })).body.error).toBe('ERR_CLOUD_TEMPLATE_REQUIRED');
    const rejected = await create({ ...base, message2: '', templates: [{ variant: 1, templateId: rejectedId, variables: ['10'] }] });
    expect(rejected.status).toBe(422);
    expect(rejected.body.error).toBe('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
    const wrongCount = await create({ ...base, message2: '', templates: [{ variant: 1, templateId: confirmedId, variables: ['{nome}'] }] });
    expect(wrongCount.status).toBe(400);
    const badInput = await create({ ...base, templates: [{ variant: 9, templateId: 'x', variables: 'no' }] });
    expect(badInput.status).toBe(400);
    expect(JSON.stringify(badInput.body)).toContain('templates');
    // A confirmation campaign is fine there: its template asks (see the confirmation test).
    const confirmation = await create({ ...base, message2: '', templates: one, confirmation: true });
    expect(confirmation.status).toBe(201);
    // Attendants do not run campaigns.
    expect((await create({ ...base, message2: '', templates: one }, userA)).status).toBe(403);

    // Another company: its campaign on its own Cloud API connection cannot name this company's template.
    const [other] = await rows<{ id: number }>(
      t,
      `insert into whatsapps (company_id, name, status, provider) values (?, 'Meta B', 'CONNECTED', 'cloud') returning id`,
      [b.company.id],
    );
    const foreign = await create({ ...base, message2: '', whatsappId: other!.id, contactListId: null, templates: one }, adminB);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TEMPLATE_FOUND');

    // Saved with an approved template; by the time it is sent now, Meta paused it.
    const saved = await create({ ...base, message2: '', templates: one });
    expect(saved.status).toBe(201);
    expect(saved.body.status).toBe('INATIVA');
    await rows(t, `update message_templates set status = 'PAUSED' where id = ?`, [confirmedId]);
    try {
      const start = await t.http().post(`/api/campaigns/${saved.body.id}/start`).set(adminA.auth);
      expect(start.status).toBe(422);
      expect(start.body.error).toBe('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
    } finally {
      await rows(t, `update message_templates set status = 'APPROVED' where id = ?`, [confirmedId]);
    }
    expect((await t.http().post(`/api/campaigns/${saved.body.id}/start`).set(adminB.auth)).status).toBe(404);
  });

  it('sends a schedule by its template (record, then send under its own id); without one it is refused', async () => {
    const contact = await t.http().post('/api/contacts').set(adminA.auth).send({ name: 'Renata Alves', number: '5511977770099' });
    expect(contact.status).toBe(201);
    const body = { body: 'Lembrete', contactId: contact.body.id, whatsappId: connectionId, sendAt: new Date(Date.now() + 1000).toISOString() };
    const none = await t.http().post('/api/schedules').set(userA.auth).send(body);
    expect(none.status).toBe(422);
    expect(none.body.error).toBe('ERR_CLOUD_TEMPLATE_REQUIRED');
    const rejected = await t
      .http()
      .post('/api/schedules')
      .set(userA.auth)
      .send({ ...body, templateId: rejectedId, templateVariables: ['10'] });
    expect(rejected.body.error).toBe('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
    const foreign = await t
      .http()
      .post('/api/schedules')
      .set(adminB.auth)
      .send({ ...body, templateId: confirmedId, templateVariables: ['a', 'b'] });
    expect(foreign.status).toBe(404);
    expect(
      (
        await t
          .http()
          .post('/api/schedules')
          .set(userA.auth)
          .send({ ...body, templateId: 'x' })
      ).status,
    ).toBe(400);

    const created = await t
      .http()
      .post('/api/schedules')
      .set(userA.auth)
      .send({ ...body, templateId: confirmedId, templateVariables: ['{{firstName}}', 'A-77'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ templateId: confirmedId, templateVariables: ['{{firstName}}', 'A-77'] });
    const sent = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Schedule, created.body.id, { filters: false });
      return row.status === 'ENVIADA' ? row : null;
    }, 15_000 * TIME_FACTOR);
    expect(sent.providerId).toMatch(/^cloud-/);
    expect(sent.attemptedAt).not.toBeNull();
    const entry = fake.wire.find((e) => e.to === '5511977770099')!;
    expect(entry.payload).toMatchObject({
      biz_opaque_callback_data: sent.providerId,
      type: 'template',
      template: { name: 'pedido_confirmado', components: [{ type: 'body', parameters: [{ text: 'Renata' }, { text: 'A-77' }] }] },
    });
    await waitFor(async () => (await t.em().findOneOrFail(Schedule, created.body.id, { filters: false })).outcomeAck === 4);

    // A template Meta paused after the schedule was saved: the schedule fails with the reason, nothing is sent.
    const later = await t
      .http()
      .post('/api/schedules')
      .set(userA.auth)
      .send({ ...body, sendAt: new Date(Date.now() + 1500).toISOString(), templateId: confirmedId, templateVariables: ['x', 'y'] });
    expect(later.status).toBe(201);
    await rows(t, `update message_templates set status = 'PAUSED' where id = ?`, [confirmedId]);
    try {
      const failed = await waitFor(async () => {
        const row = await t.em().findOneOrFail(Schedule, later.body.id, { filters: false });
        return row.status === 'ERRO' ? row : null;
      }, 15_000 * TIME_FACTOR);
      expect(failed.error).toContain('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
      expect(failed.attemptedAt).toBeNull();
    } finally {
      await rows(t, `update message_templates set status = 'APPROVED' where id = ?`, [confirmedId]);
    }
  });

  it('asks by template when confirmation is on, and sends the message itself once the customer answers, never twice', async () => {
    const [yes, unsure, silent] = ['5511987999401', '5511987999402', '5511987999403'];
    const list = await contactListWith(t, a.company.id, [
      { name: 'Ana Lima', number: yes },
      { name: 'Bruno Reis', number: unsure },
      { name: 'Caio Dias', number: silent },
    ]);
    const created = await create({
      name: 'Confirma por modelo',
      confirmation: true,
      message1: 'Aqui está seu cupom, {nome}: PROMO10',
      templates: [{ variant: 1, templateId: confirmedId, variables: ['{nome}', 'cupom'] }],
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    await waitFor(async () => {
      const all = await shippingsOf(t, created.body.id);
      return all.length === 3 && all.every((s) => s.status === 'awaiting');
    }, 15_000 * TIME_FACTOR);
    await fake.settled();
    // Each was asked by the template, under the recipient's confirmation id; the statuses of the requests change nothing.
    for (const shipping of await shippingsOf(t, created.body.id)) {
      const requests = fake.wire.filter((e) => e.to === shipping.number);
      expect(requests.map((e) => e.type)).toEqual(['template']);
      expect((requests[0]!.payload as { biz_opaque_callback_data: string }).biz_opaque_callback_data).toBe(shipping.confirmationProviderId);
      expect(shipping.confirmationBody).toBe(`Olá ${shipping.name}, seu pedido cupom foi confirmado.`);
    }

    // The answer opens the window: the message goes as it is, once, and the ticket starts with the request.
    const ticket = await customerWrites(t, adminA, connectionId, yes, 'Quero sim', 'Ana Lima');
    const of = async (number: string) => (await shippingsOf(t, created.body.id)).find((s) => s.number === number)!;
    await waitFor(async () => (await of(yes)).status === 'delivered', 15_000 * TIME_FACTOR);
    const main = fake.wire.filter((e) => e.to === yes && e.type === 'text');
    expect(main.map((e) => (e.payload as { text: { body: string } }).text.body)).toEqual(['Aqui está seu cupom, Ana Lima: PROMO10']);
    expect((main[0]!.payload as { biz_opaque_callback_data: string }).biz_opaque_callback_data).toBe((await of(yes)).providerId);
    expect(await of(yes)).toMatchObject({ body: 'Aqui está seu cupom, Ana Lima: PROMO10', variant: 1 });
    const history = await rows<{ body: string }>(t, 'select body from messages where ticket_id = ? order by created_at, id', [ticket.id]);
    expect(history[0]!.body).toBe('Olá Ana Lima, seu pedido cupom foi confirmado.');

    // A confirmed send Meta answers with a generic error: nothing says whether it went; its status decides, no resend.
    fake.reject(131000, 'Something went wrong');
    await customerWrites(t, adminA, connectionId, unsure, 'Pode mandar', 'Bruno Reis');
    await waitFor(async () => (await of(unsure)).attemptedAt, 15_000 * TIME_FACTOR);
    const attempted = await of(unsure);
    expect(attempted.status).toBe('awaiting');
    expect(
      await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, {
        id: 'wamid.HBgMconfirmadoDepoisDoErro',
        recipient_id: unsure,
        status: 'delivered',
        biz_opaque_callback_data: attempted.providerId!,
      }),
    ).toBe(200);
    await waitFor(async () => (await of(unsure)).status === 'delivered', 15_000 * TIME_FACTOR);
    expect(fake.wire.filter((e) => e.to === unsure && e.type === 'text')).toHaveLength(0);
    expect(await of(silent)).toMatchObject({ status: 'awaiting', confirmedAt: null });
  });

  it('sends a template whose header shows a file with the address the campaign or the schedule names', async () => {
    const welcomeId = await templateId('boas_vindas');
    const list = await contactListWith(t, a.company.id, [{ name: 'Otávio Reis', number: '5511987999301' }]);
    const base = { name: 'Com imagem', message1: 'Boas-vindas', contactListId: list.id, whatsappId: connectionId };
    const banner = 'https://cdn.example.com/campanha/banner.png';
    // The file's address is required by that template, refused by one without a file header, and must be an address.
    const noFile = await create({ ...base, templates: [{ variant: 1, templateId: welcomeId, variables: ['{nome}'] }] });
    expect(noFile.status).toBe(400);
    expect(JSON.stringify(noFile.body)).toContain('templates');
    const notAFileHeader = await create({ ...base, templates: [{ variant: 1, templateId: confirmedId, variables: ['{nome}', '1'], headerMediaUrl: banner }] });
    expect(notAFileHeader.status).toBe(400);
    const notAnAddress = await create({ ...base, templates: [{ variant: 1, templateId: welcomeId, variables: ['{nome}'], headerMediaUrl: 'banner.png' }] });
    expect(notAnAddress.status).toBe(400);

    const created = await create({
      ...base,
      scheduledAt: new Date().toISOString(),
      templates: [{ variant: 1, templateId: welcomeId, variables: ['{nome}'], headerMediaUrl: banner }],
    });
    expect(created.status).toBe(201);
    expect(created.body.templates).toEqual([{ variant: 1, templateId: welcomeId, variables: ['{nome}'], headerMediaUrl: banner }]);
    await campaignReaches(t, created.body.id, 'FINALIZADA', 30_000);
    const sent = fake.wire.find((entry) => entry.to === '5511987999301')!;
    expect((sent.payload as { template: unknown }).template).toEqual({
      name: 'boas_vindas',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: banner } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Otávio Reis' }] },
      ],
    });

    // A schedule names the file the same way.
    const contact = await t.http().post('/api/contacts').set(adminA.auth).send({ name: 'Paula Nunes', number: '5511977770301' });
    const schedule = {
      body: 'Boas-vindas',
      contactId: contact.body.id,
      whatsappId: connectionId,
      sendAt: new Date(Date.now() + 1000).toISOString(),
      templateId: welcomeId,
      templateVariables: ['{{firstName}}'],
    };
    const withoutFile = await t.http().post('/api/schedules').set(userA.auth).send(schedule);
    expect(withoutFile.status).toBe(400);
    expect(JSON.stringify(withoutFile.body)).toContain('templateHeaderMediaUrl');
    const scheduled = await t
      .http()
      .post('/api/schedules')
      .set(userA.auth)
      .send({ ...schedule, templateHeaderMediaUrl: banner });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.templateHeaderMediaUrl).toBe(banner);
    await waitFor(async () => (await t.em().findOneOrFail(Schedule, scheduled.body.id, { filters: false })).status === 'ENVIADA', 15_000 * TIME_FACTOR);
    expect((fake.wire.find((entry) => entry.to === '5511977770301')!.payload as { template: { components: unknown[] } }).template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: banner } }],
    });
  });

  it('settles a schedule whose send a crash left unknown by the status naming its id, and never sends it again', async () => {
    const contact = await t.http().post('/api/contacts').set(adminA.auth).send({ name: 'Caio Prado', number: '5511977770098' });
    const schedule = (sendAt: number) =>
      t
        .http()
        .post('/api/schedules')
        .set(adminA.auth)
        .send({
          body: 'Lembrete',
          contactId: contact.body.id,
          whatsappId: connectionId,
          sendAt: new Date(Date.now() + sendAt).toISOString(),
          templateId: confirmedId,
          templateVariables: ['{{firstName}}', 'C-1'],
        });
    const settled = await schedule(60_000);
    const lost = await schedule(60_000);
    expect(settled.status).toBe(201);
    // An edit puts a schedule back in line as new: an attempt recorded before is forgotten (it is sent afresh).
    await rows(t, `update schedules set provider_id = 'cloud-old', attempted_at = now() where id = ?`, [settled.body.id]);
    await t.http().put(`/api/schedules/${settled.body.id}`).set(adminA.auth).send({}).expect(200);
    expect((await t.em().findOneOrFail(Schedule, settled.body.id, { filters: false })).attemptedAt).toBeNull();
    // As a process that died between the call and its record leaves them: attempted, still PENDENTE, due now.
    for (const [id, localId] of [
      [settled.body.id, 'cloud-crashed-settled'],
      [lost.body.id, 'cloud-crashed-lost'],
    ] as const) {
      await rows(t, `update schedules set provider_id = ?, attempted_at = now(), send_at = now() where id = ?`, [localId, id]);
    }
    const wired = fake.wire.length;
    for (const id of [settled.body.id, lost.body.id]) await t.app.get(ScheduleJobs).arm(a.company.id, id, new Date());

    // Meta's status for the first arrives (its webhook retried): sent, so the schedule is.
    expect(
      await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, {
        id: 'wamid.CRASHED-1',
        recipient_id: '5511977770098',
        status: 'delivered',
        biz_opaque_callback_data: 'cloud-crashed-settled',
      }),
    ).toBe(200);
    const sent = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Schedule, settled.body.id, { filters: false });
      return row.status === 'ENVIADA' ? row : null;
    });
    expect(sent.outcomeAck).toBe(3);
    // None for the second within the wait: failed, not sent again.
    const failed = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Schedule, lost.body.id, { filters: false });
      return row.status === 'ERRO' ? row : null;
    }, 15_000 * TIME_FACTOR);
    expect(failed.error).toContain('ERR_CLOUD_OUTCOME_UNKNOWN');
    expect(fake.wire.length).toBe(wired);
  });

  it('offers everyone who schedules the approved templates of a Cloud API connection, and nothing of another company', async () => {
    const asked = await t.http().get('/api/schedules/templates').query({ whatsappId: connectionId }).set(userA.auth);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ whatsappId: connectionId, cloud: true });
    const names = (asked.body.templates as { name: string }[]).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['pedido_confirmado', 'lembrete_loja']));
    expect(names).not.toContain('promocao_relampago');
    expect((await t.http().get('/api/schedules/templates').query({ whatsappId: 'abc' }).set(userA.auth)).status).toBe(400);
    const foreign = await t.http().get('/api/schedules/templates').query({ whatsappId: connectionId }).set(adminB.auth);
    expect(foreign.status).toBe(404);
    // Without a connection named, the company's default one (company B has none): nothing to offer.
    const own = await t.http().get('/api/schedules/templates').set(adminB.auth);
    expect(own.status).toBe(200);
    expect(own.body.templates).toEqual([]);
    // A plan without schedules reaches none of it.
    await rows(t, 'update plans set use_schedules = false where id = ?', [b.plan.id]);
    try {
      expect((await t.http().get('/api/schedules/templates').set(adminB.auth)).status).toBe(403);
    } finally {
      await rows(t, 'update plans set use_schedules = true where id = ?', [b.plan.id]);
    }
  });
});
