import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ref } from '@mikro-orm/core';
import type { Socket } from 'socket.io-client';
import { Company } from '../../src/modules/companies/company.entity.js';
import { QueueIntegration } from '../../src/modules/queue-integrations/queue-integration.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { createTenant, createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import {
  type FakeDialogflow,
  type FakeTypebot,
  type FakeWebhook,
  startFakeDialogflow,
  startFakeTypebot,
  startFakeWebhook,
  typebotMedia,
  typebotText,
} from '../utils/fake-services.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface IntegrationBody {
  id: number;
  type: string;
  name: string;
  projectName: string | null;
  jsonContent: string | null;
  [key: string]: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fieldsOf = (body: { fields?: Array<{ field: string }> }) => (body.fields ?? []).map((f) => f.field).sort();

describe('queue integrations', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let dialogflow: FakeDialogflow;
  let typebot: FakeTypebot;
  let webhook: FakeWebhook;
  let typebotRecord: IntegrationBody;
  let dialogflowRecord: IntegrationBody;
  let n8nRecord: IntegrationBody;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/queueIntegration').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/queueIntegration/${id}`).set(session.auth).send(body);
  const list = (session: Session, query: Record<string, unknown> = {}) => t.http().get('/api/queueIntegration').query(query).set(session.auth);
  const testSession = (session: Session, body: Record<string, unknown>) => t.http().post('/api/queueIntegration/testSession').set(session.auth).send(body);
  const privateKeyOf = () => dialogflow.serviceAccount.private_key!;

  beforeAll(async () => {
    [dialogflow, typebot, webhook] = await Promise.all([startFakeDialogflow(), startFakeTypebot(), startFakeWebhook()]);
    t = await createTestApp({ automation: { openAiBaseUrl: 'http://127.0.0.1:9/v1', dialogflowApiUrl: dialogflow.url, minuteMs: 60000 } });
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
  });
  beforeEach(() => {
    for (const fake of [dialogflow, typebot, webhook]) fake.reset();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([dialogflow, typebot, webhook].map((fake) => fake.close()));
  });

  describe('records', () => {
    it('creates each type with its rules and emits company-{id}-queueIntegration without the credentials', async () => {
      const sockets: Socket[] = await Promise.all([userA, adminB].map((s) => connectSocket(t, s.token)));
      const [ownEvents, foreignEvents]: unknown[][] = [[], []];
      sockets[0]!.on(`company-${a.company.id}-queueIntegration`, (payload: unknown) => ownEvents.push(payload));
      sockets[1]!.onAny((event: string) => foreignEvents.push(event));

      const typebotRes = await create(adminA, {
        type: 'typebot',
        name: ' Typebot vendas ',
        projectName: 'ignored',
        urlN8N: typebot.url,
        typebotSlug: 'vendas',
        jsonContent: dialogflow.jsonContent,
        language: 'en',
      });
      expect(typebotRes.status).toBe(201);
      expect(typebotRes.body).toEqual({
        id: expect.any(Number),
        type: 'typebot',
        name: 'Typebot vendas',
        projectName: 'Typebot vendas',
        jsonContent: null,
        language: null,
        urlN8N: typebot.url,
        typebotSlug: 'vendas',
        typebotExpires: 1,
        typebotDelayMessage: 1000,
        typebotKeywordFinish: null,
        typebotKeywordRestart: null,
        typebotRestartMessage: null,
        typebotUnknownMessage: null,
        companyId: a.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      typebotRecord = typebotRes.body;

      const dialogflowRes = await create(adminA, {
        type: 'dialogflow',
        name: 'Dialogflow',
        jsonContent: dialogflow.jsonContent,
        language: 'pt-BR',
        urlN8N: 'https://ignored.example',
      });
      expect(dialogflowRes.status).toBe(201);
      expect(dialogflowRes.body).toMatchObject({
        type: 'dialogflow',
        projectName: 'fake-project',
        jsonContent: dialogflow.jsonContent,
        language: 'pt-BR',
        urlN8N: null,
      });
      dialogflowRecord = dialogflowRes.body;

      const n8nRes = await create(adminA, { type: 'n8n', name: 'Fluxo n8n', urlN8N: `${webhook.url}/webhook/n8n`, typebotSlug: 'ignored' });
      expect(n8nRes.body).toMatchObject({ type: 'n8n', projectName: 'Fluxo n8n', urlN8N: `${webhook.url}/webhook/n8n`, typebotSlug: null });
      n8nRecord = n8nRes.body;
      const webhookRes = await create(adminA, {
        type: 'webhook',
        name: 'Webhook CRM',
        urlN8N: 'http://crm.internal:8080/hook',
        typebotExpires: 0,
        typebotDelayMessage: 0,
      });
      expect(webhookRes.body).toMatchObject({ type: 'webhook', projectName: 'Webhook CRM', typebotExpires: 0, typebotDelayMessage: 0 });

      await sleep(200);
      for (const s of sockets) s.close();
      expect(ownEvents).toEqual([
        { action: 'create', queueIntegration: typebotRecord },
        { action: 'create', queueIntegration: { ...dialogflowRecord, jsonContent: null } },
        { action: 'create', queueIntegration: n8nRecord },
        { action: 'create', queueIntegration: webhookRes.body },
      ]);
      expect(JSON.stringify(ownEvents)).not.toContain(privateKeyOf().slice(40, 80));
      expect(foreignEvents).toEqual([]);
    });

    it('lists in both dialects; only admins get the credentials back', async () => {
      const admin = await list(adminA, { pageNumber: 1 });
      expect(admin.status).toBe(200);
      expect(admin.body).toEqual({ queueIntegrations: expect.any(Array), count: 4, hasMore: false });
      expect(admin.body.queueIntegrations.map((i: IntegrationBody) => i.name)).toEqual(['Dialogflow', 'Fluxo n8n', 'Typebot vendas', 'Webhook CRM']);
      expect(admin.body.queueIntegrations[0].jsonContent).toBe(dialogflow.jsonContent);

      const user = await list(userA);
      expect(user.status).toBe(200);
      expect(user.body.queueIntegrations.map((i: IntegrationBody) => i.jsonContent)).toEqual([null, null, null, null]);
      expect(JSON.stringify(user.body)).not.toContain('PRIVATE KEY');
      const one = await t.http().get(`/api/queueIntegration/${dialogflowRecord.id}`).set(userA.auth);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ ...dialogflowRecord, jsonContent: null });
      expect((await t.http().get(`/api/queueIntegration/${dialogflowRecord.id}`).set(adminA.auth)).body).toEqual(dialogflowRecord);

      expect((await list(userA, { searchParam: 'N8N' })).body.queueIntegrations.map((i: IntegrationBody) => i.name)).toEqual(['Fluxo n8n']);
      const ra = await list(adminA, { range: '[0,0]', sort: '["name","DESC"]', filter: '{"type":["typebot","webhook"]}' });
      expect(ra.headers['content-range']).toBe('queueIntegrations 0-0/2');
      expect(ra.body.map((i: IntegrationBody) => i.name)).toEqual(['Webhook CRM']);
    });

    it('pages by 20 when pageNumber is given', async () => {
      const em = t.em();
      const company = em.getReference(Company, a.company.id);
      for (let i = 0; i < 18; i++)
        em.create(QueueIntegration, {
          company,
          type: 'webhook',
          name: `Lote ${String(i).padStart(2, '0')}`,
          projectName: `Lote ${i}`,
          urlN8N: 'https://example.com',
        });
      await em.flush();
      const first = await list(adminA, { pageNumber: 1 });
      expect(first.body).toMatchObject({ count: 22, hasMore: true });
      expect(first.body.queueIntegrations).toHaveLength(20);
      const second = await list(adminA, { pageNumber: 2 });
      expect(second.body).toMatchObject({ count: 22, hasMore: false });
      expect(second.body.queueIntegrations.map((i: IntegrationBody) => i.name)).toEqual(['Typebot vendas', 'Webhook CRM']);
      expect((await list(adminA)).body.queueIntegrations).toHaveLength(22);
      await em.nativeDelete(QueueIntegration, { company: a.company.id, name: { $like: 'Lote %' } }, { filters: false });
    });

    it('refuses what a type needs but lacks, invalid credentials, bad URLs and a duplicate name', async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ type: 'telegram', name: 'x' }, ['name', 'type']],
        [{ type: 'typebot', name: 'Sem slug', urlN8N: 'https://typebot.example' }, ['typebotSlug']],
        [{ type: 'typebot', name: 'Sem nada' }, ['typebotSlug', 'urlN8N']],
        [{ type: 'n8n', name: 'Arquivo', urlN8N: 'file:///etc/passwd' }, ['urlN8N']],
        [{ type: 'webhook', name: 'Texto', urlN8N: 'not a url' }, ['urlN8N']],
        [{ type: 'dialogflow', name: 'Idioma', jsonContent: dialogflow.jsonContent, language: 'fr' }, ['language']],
        [{ type: 'dialogflow', name: 'Sem idioma', jsonContent: dialogflow.jsonContent }, ['language']],
        [
          { type: 'typebot', name: 'Atraso', urlN8N: typebot.url, typebotSlug: 's', typebotDelayMessage: 60001, typebotExpires: -1 },
          ['typebotDelayMessage', 'typebotExpires'],
        ],
      ];
      for (const [body, fields] of cases) {
        const res = await create(adminA, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('ERR_VALIDATION');
        expect(fieldsOf(res.body)).toEqual(fields);
      }
      for (const jsonContent of [
        undefined,
        'not json',
        '{"client_email":"a@b"}',
        JSON.stringify({ client_email: 'a@b', private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }),
      ]) {
        const res = await create(adminA, { type: 'dialogflow', name: 'Credenciais', jsonContent, language: 'pt-BR' });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('ERR_INVALID_DIALOGFLOW_JSON');
      }
      const taken = await create(adminA, { type: 'n8n', name: 'Typebot vendas', urlN8N: 'https://n8n.example/hook' });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe('ERR_INTEGRATION_NAME_EXISTS');
      expect((await update(adminA, n8nRecord.id, { name: 'Dialogflow' })).body.error).toBe('ERR_INTEGRATION_NAME_EXISTS');
      expect((await create(adminB, { type: 'n8n', name: 'Typebot vendas', urlN8N: 'https://n8n.example/hook' })).status).toBe(201);
    });

    it('updates on top of the stored record: credentials kept when absent, a type change checked and cleaned', async () => {
      const renamed = await update(adminA, dialogflowRecord.id, { name: 'Dialogflow PT', language: 'es', projectName: 'outro-projeto' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Dialogflow PT', language: 'es', projectName: 'outro-projeto', jsonContent: dialogflow.jsonContent });
      expect((await update(adminA, dialogflowRecord.id, { jsonContent: 'oops' })).body.error).toBe('ERR_INVALID_DIALOGFLOW_JSON');

      const typebotSettings = await update(adminA, typebotRecord.id, {
        typebotExpires: 30,
        typebotDelayMessage: 500,
        typebotKeywordFinish: ' sair ',
        typebotKeywordRestart: 'reiniciar',
        typebotRestartMessage: 'Vamos recomeçar',
        typebotUnknownMessage: '',
      });
      expect(typebotSettings.body).toMatchObject({
        typebotExpires: 30,
        typebotDelayMessage: 500,
        typebotKeywordFinish: 'sair',
        typebotKeywordRestart: 'reiniciar',
        typebotRestartMessage: 'Vamos recomeçar',
        typebotUnknownMessage: null,
        projectName: 'Typebot vendas',
      });

      const toTypebot = await update(adminA, n8nRecord.id, { type: 'typebot' });
      expect(toTypebot.status).toBe(400);
      expect(fieldsOf(toTypebot.body)).toEqual(['typebotSlug']);
      const converted = await update(adminA, n8nRecord.id, { type: 'typebot', typebotSlug: 'suporte', name: 'Typebot suporte' });
      expect(converted.body).toMatchObject({ type: 'typebot', typebotSlug: 'suporte', projectName: 'Typebot suporte', urlN8N: `${webhook.url}/webhook/n8n` });

      const toWebhook = await update(adminA, dialogflowRecord.id, { type: 'webhook', urlN8N: 'https://hooks.example/x' });
      expect(toWebhook.body).toMatchObject({ type: 'webhook', jsonContent: null, language: null, projectName: 'Dialogflow PT' });
      const row = await t.em().findOneOrFail(QueueIntegration, { id: dialogflowRecord.id }, { filters: false });
      expect(row.jsonContent).toBeNull();
      const back = await update(adminA, dialogflowRecord.id, { type: 'dialogflow', jsonContent: dialogflow.jsonContent, language: 'pt-BR', projectName: null });
      expect(back.body).toMatchObject({ type: 'dialogflow', projectName: 'fake-project', urlN8N: null });
      dialogflowRecord = back.body;

      expect(fieldsOf((await update(adminA, typebotRecord.id, { name: null, type: null })).body)).toEqual(['name', 'type']);
    });

    it('hides a record from other companies (404) and keeps their lists apart', async () => {
      for (const res of [
        await t.http().get(`/api/queueIntegration/${dialogflowRecord.id}`).set(adminB.auth),
        await update(adminB, dialogflowRecord.id, { name: 'Roubado' }),
        await t.http().delete(`/api/queueIntegration/${dialogflowRecord.id}`).set(adminB.auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('ERR_NO_INTEGRATION_FOUND');
      }
      expect((await list(adminB)).body).toMatchObject({ count: 1, queueIntegrations: [expect.objectContaining({ companyId: b.company.id })] });
    });

    it('lets only admins write or test', async () => {
      const supervisor = await login(t, (await createUser(t, a.company, 'supervisor')).email);
      for (const session of [userA, supervisor]) {
        for (const res of [
          await create(session, { type: 'n8n', name: 'Do atendente', urlN8N: 'https://n8n.example/hook' }),
          await update(session, typebotRecord.id, { name: 'Alterado' }),
          await t.http().delete(`/api/queueIntegration/${typebotRecord.id}`).set(session.auth),
          await testSession(session, { type: 'n8n', urlN8N: `${webhook.url}/hook` }),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body.error).toBe('ERR_NO_PERMISSION');
        }
      }
      expect(webhook.requests).toHaveLength(0);
    });

    it('is closed to companies whose plan has no integrations module', async () => {
      const gated = await createTenant(t, { plan: { useIntegrations: false } });
      const admin = await login(t, gated.admin.email);
      for (const res of [
        await list(admin),
        await t.http().get(`/api/queueIntegration/${typebotRecord.id}`).set(admin.auth),
        await create(admin, { type: 'n8n', name: 'Bloqueado', urlN8N: 'https://n8n.example/hook' }),
        await update(admin, typebotRecord.id, { name: 'x' }),
        await t.http().delete(`/api/queueIntegration/${typebotRecord.id}`).set(admin.auth),
        await testSession(admin, { type: 'n8n', urlN8N: `${webhook.url}/hook` }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
      expect(webhook.requests).toHaveLength(0);
    });

    it('deletes an integration; queues using it are left without one', async () => {
      const em = t.em();
      const queue = await em.findOneOrFail(Queue, { id: a.queues[0]!.id }, { filters: false });
      queue.integration = ref(await em.findOneOrFail(QueueIntegration, { id: typebotRecord.id }, { filters: false }));
      await em.flush();

      const socket = await connectSocket(t, userA.token);
      const events: unknown[] = [];
      const queueEvents: Array<{ action: string; queue: { id: number; integrationId: number | null } }> = [];
      socket.on(`company-${a.company.id}-queueIntegration`, (payload: unknown) => events.push(payload));
      socket.on(`company-${a.company.id}-queue`, (payload: (typeof queueEvents)[number]) => queueEvents.push(payload));
      expect((await t.http().delete(`/api/queueIntegration/${typebotRecord.id}`).set(adminA.auth)).status).toBe(204);
      expect((await t.http().get(`/api/queueIntegration/${typebotRecord.id}`).set(adminA.auth)).status).toBe(404);
      expect((await t.em().findOneOrFail(Queue, { id: a.queues[0]!.id }, { filters: false })).integration).toBeNull();
      await sleep(200);
      socket.close();
      expect(events).toEqual([{ action: 'delete', integrationId: typebotRecord.id }]);
      // Open queue screens hear that the link is gone.
      expect(queueEvents.map((e) => [e.action, e.queue.id, e.queue.integrationId])).toEqual([['update', a.queues[0]!.id, null]]);
    });
  });

  describe('testSession', () => {
    it('asks Dialogflow "Olá" with the credentials (dialogflow is the default type)', async () => {
      dialogflow.reply({ texts: ['Olá! Em que posso ajudar?'] });
      const res = await testSession(adminA, { projectName: '', jsonContent: dialogflow.jsonContent, language: 'pt-BR' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, replies: ['Olá! Em que posso ajudar?'] });
      expect(dialogflow.tokenRequests()).toHaveLength(1);
      const detect = dialogflow.requests.find((r) => r.path.includes(':detectIntent'))!;
      expect(detect.path).toMatch(/^\/v2\/projects\/fake-project\/agent\/sessions\/test-[\w-]+:detectIntent$/);
      expect(detect.body).toEqual({ queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } } });
    });

    it('reports what Dialogflow refused, and refuses invalid credentials before calling', async () => {
      const refused = await testSession(adminA, {
        type: 'dialogflow',
        projectName: 'fake-project',
        jsonContent: dialogflow.untrustedJsonContent,
        language: 'en',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_INTEGRATION_TEST_FAILED');
      expect(refused.body.message).toContain('Dialogflow token endpoint answered 400');
      expect(refused.body.message).toContain('invalid_grant');

      const invalid = await testSession(adminA, { projectName: 'x', jsonContent: '{}', language: 'pt-BR' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe('ERR_INVALID_DIALOGFLOW_JSON');
      const noLanguage = await testSession(adminA, { jsonContent: dialogflow.jsonContent });
      expect(fieldsOf(noLanguage.body)).toEqual(['language']);
      expect(dialogflow.requests.filter((r) => r.path.includes(':detectIntent'))).toHaveLength(0);
    });

    it('starts a Typebot session and answers its bubbles', async () => {
      typebot.reply({ bubbles: [typebotText('Bem-vindo!', 'Escolha:'), typebotMedia('image', 'https://cdn.example/menu.png')] });
      const res = await testSession(adminA, { type: 'typebot', urlN8N: typebot.url, typebotSlug: 'vendas' });
      expect(res.body).toEqual({ ok: true, replies: ['Bem-vindo!\nEscolha:', 'https://cdn.example/menu.png'] });
      expect(typebot.requests[0]).toMatchObject({ path: '/api/v1/typebots/vendas/startChat' });

      typebot.fail(404, { message: 'Typebot not found' });
      const missing = await testSession(adminA, { type: 'typebot', urlN8N: typebot.url, typebotSlug: 'nao-existe' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        error: 'ERR_INTEGRATION_TEST_FAILED',
        message: 'Typebot answered 404: {"message":"Typebot not found"}',
        reason: 'status',
      });
      expect(fieldsOf((await testSession(adminA, { type: 'typebot', urlN8N: typebot.url })).body)).toEqual(['typebotSlug']);
    });

    it('delivers a sample event to n8n and webhook URLs and answers their replies', async () => {
      webhook.reply({ messages: ['Recebido!', { text: 'Um atendente já vem.' }] }, { reply: 'ok' });
      const n8n = await testSession(adminA, { type: 'n8n', urlN8N: `${webhook.url}/webhook/test` });
      expect(n8n.body).toEqual({ ok: true, replies: ['Recebido!', 'Um atendente já vem.'] });
      expect(webhook.requests[0]).toMatchObject({
        path: '/webhook/test',
        body: {
          event: 'message.received',
          company: { id: a.company.id },
          ticket: { id: 0, status: 'pending', queueId: null },
          message: { body: 'Olá', fromMe: false, mediaType: 'chat' },
        },
      });
      expect((await testSession(adminA, { type: 'webhook', urlN8N: `${webhook.url}/hook` })).body).toEqual({ ok: true, replies: ['ok'] });

      webhook.fail(500, 'workflow crashed');
      const failed = await testSession(adminA, { type: 'webhook', urlN8N: `${webhook.url}/hook` });
      expect(failed.status).toBe(400);
      expect(failed.body).toEqual({ error: 'ERR_INTEGRATION_TEST_FAILED', message: 'Webhook answered 500: workflow crashed', reason: 'status' });
      expect(fieldsOf((await testSession(adminA, { type: 'webhook', urlN8N: 'ftp://x' })).body)).toEqual(['urlN8N']);
    });
  });
});
