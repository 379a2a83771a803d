import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { defaultSchedules, WEEKDAYS_EN } from '../../src/shared/schedules.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Prompt } from '../../src/modules/prompts/prompt.entity.js';
import { QueueIntegration } from '../../src/modules/queue-integrations/queue-integration.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { createTenant, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface QueueBody {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
}

describe('queues', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const connect = (session: Session): Promise<Socket> => connectSocket(t, session.token);

  it('lists the company queues by orderQueue (unset last) then name, for every profile', async () => {
    const unordered = await t.http().post('/api/queue').set(adminA.auth).send({ name: 'Aaa sem ordem', color: '#333333', greetingMessage: 'Olá!' });
    expect(unordered.status).toBe(201);
    const res = await t.http().get('/api/queue').set(userA.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((q: QueueBody) => q.name)).toEqual([a.queues[0]!.name, a.queues[1]!.name, 'Aaa sem ordem']);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'color',
      'createdAt',
      'greetingMessage',
      'id',
      'integrationId',
      'mediaName',
      'mediaPath',
      'name',
      'orderQueue',
      'outOfHoursMessage',
      'promptId',
      'schedules',
      'updatedAt',
    ]);
  });

  it('creates, reads, updates and deletes a queue, emitting company-{id}-queue after each write', async () => {
    const socket = await connect(adminA);
    const events: unknown[] = [];
    socket.on(`company-${a.company.id}-queue`, (payload: unknown) => events.push(payload));

    const created = await t.http().post('/api/queue').set(adminA.auth).send({ name: '  Vendas  ', color: '2e7d32', orderQueue: 3, greetingMessage: 'Olá!' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Vendas', color: '#2E7D32', orderQueue: 3, greetingMessage: 'Olá!', outOfHoursMessage: null });
    expect(created.body.schedules).toEqual(defaultSchedules());
    const id = created.body.id as number;

    expect((await t.http().get(`/api/queue/${id}`).set(userA.auth)).body).toEqual(created.body);

    const week = WEEKDAYS_EN.map((weekdayEn) => ({ weekday: 'x', weekdayEn, startTime: '09:00', endTime: weekdayEn === 'sunday' ? '' : '17:30' }));
    const updated = await t.http().put(`/api/queue/${id}`).set(adminA.auth).send({ orderQueue: null, outOfHoursMessage: 'Fechado', schedules: week.reverse() });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Vendas', orderQueue: null, outOfHoursMessage: 'Fechado' });
    expect(updated.body.schedules.map((s: { weekdayEn: string }) => s.weekdayEn)).toEqual([...WEEKDAYS_EN]);
    expect(updated.body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' });
    expect(updated.body.schedules[6]).toMatchObject({ weekdayEn: 'sunday', endTime: '' });

    expect((await t.http().delete(`/api/queue/${id}`).set(adminA.auth)).status).toBe(204);
    const gone = await t.http().get(`/api/queue/${id}`).set(adminA.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_QUEUE_FOUND');

    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    expect(events).toEqual([
      { action: 'create', queue: created.body },
      { action: 'update', queue: updated.body },
      { action: 'delete', queueId: id },
    ]);
  });

  it('refuses a colour or a name already used in the company, but not in another company', async () => {
    const [first] = a.queues;
    const color = await t
      .http()
      .post('/api/queue')
      .set(adminA.auth)
      .send({ name: 'Outra', color: first!.color.slice(1) });
    expect(color.status).toBe(400);
    expect(color.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    const name = await t.http().post('/api/queue').set(adminA.auth).send({ name: first!.name, color: '#ABCDEF' });
    expect(name.status).toBe(409);
    expect(name.body.error).toBe('ERR_QUEUE_NAME_EXISTS');
    const rename = await t.http().put(`/api/queue/${a.queues[1]!.id}`).set(adminA.auth).send({ color: first!.color });
    expect(rename.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    const same = await t.http().put(`/api/queue/${first!.id}`).set(adminA.auth).send({ name: first!.name, color: first!.color });
    expect(same.status).toBe(200);

    // Created by the first test in company A only.
    const elsewhere = await t.http().post('/api/queue').set(adminB.auth).send({ name: 'Aaa sem ordem', color: '#333333', greetingMessage: 'Olá!' });
    expect(elsewhere.status).toBe(201);
  });

  it('validates the payload with field errors', async () => {
    const bad = await t
      .http()
      .post('/api/queue')
      .set(adminA.auth)
      .send({
        name: 'a',
        color: 'red',
        orderQueue: -1,
        greetingMessage: 'x'.repeat(5001),
        schedules: defaultSchedules().slice(1),
        promptId: 'três',
      });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['color', 'greetingMessage', 'name', 'orderQueue', 'promptId', 'schedules']);

    const week = defaultSchedules();
    week[6] = { ...week[6]!, weekdayEn: 'monday', startTime: '25:00' };
    const badWeek = await t.http().put(`/api/queue/${a.queues[0]!.id}`).set(adminA.auth).send({ name: null, schedules: week });
    expect(badWeek.status).toBe(400);
    expect(badWeek.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'schedules', 'schedules.6.startTime']);
  });

  it('hides another company’s queues: 404 on its ids, absent from lists', async () => {
    const foreign = a.queues[0]!.id;
    for (const res of [
      await t.http().get(`/api/queue/${foreign}`).set(adminB.auth),
      await t.http().put(`/api/queue/${foreign}`).set(adminB.auth).send({ name: 'Tomada' }),
      await t.http().delete(`/api/queue/${foreign}`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_QUEUE_FOUND');
    }
    const listB = await t.http().get(`/api/queue?companyId=${a.company.id}`).set(adminB.auth);
    const idsA = new Set(a.queues.map((q) => q.id));
    expect(listB.body.length).toBeGreaterThan(0);
    expect(listB.body.some((q: QueueBody) => idsA.has(q.id))).toBe(false);
    expect((await t.http().get(`/api/queue/${foreign}`).set(adminA.auth)).status).toBe(200);
  });

  it('requires a greeting once the company has more than one queue (ERR_WAPP_GREETING_REQUIRED), on create and on edit', async () => {
    const solo = await createTenant(t);
    const session = await login(t, solo.admin.email);
    // Remove the factory's second queue: one queue alone needs no greeting.
    await t.em().nativeDelete(Queue, { id: solo.queues[1]!.id }, { filters: false });
    const alone = await t.http().put(`/api/queue/${solo.queues[0]!.id}`).set(session.auth).send({ greetingMessage: '' });
    expect(alone.status).toBe(200);
    const second = await t.http().post('/api/queue').set(session.auth).send({ name: 'Segunda', color: '#0A0A0A', greetingMessage: '   ' });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const greeted = await t.http().post('/api/queue').set(session.auth).send({ name: 'Segunda', color: '#0A0A0A', greetingMessage: 'Olá {nome}!' });
    expect(greeted.status).toBe(201);
    const cleared = await t.http().put(`/api/queue/${greeted.body.id}`).set(session.auth).send({ greetingMessage: null });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    // Other fields still save without sending the greeting; other companies' ids stay 404; attendants stay 403.
    expect((await t.http().put(`/api/queue/${solo.queues[0]!.id}`).set(session.auth).send({ orderQueue: 2 })).status).toBe(200);
    expect((await t.http().put(`/api/queue/${greeted.body.id}`).set(adminA.auth).send({ greetingMessage: '' })).status).toBe(404);
    expect((await t.http().put(`/api/queue/${a.queues[0]!.id}`).set(userA.auth).send({ greetingMessage: '' })).status).toBe(403);
  });

  it('lets only admins write queues', async () => {
    expect((await t.http().post('/api/queue').set(userA.auth).send({ name: 'Proibida', color: '#010101' })).status).toBe(403);
    expect((await t.http().put(`/api/queue/${a.queues[0]!.id}`).set(userA.auth).send({ name: 'Proibida' })).status).toBe(403);
    const del = await t.http().delete(`/api/queue/${a.queues[0]!.id}`).set(userA.auth);
    expect(del.status).toBe(403);
    expect(del.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.http().get('/api/queue')).status).toBe(401);
  });

  it('enforces the plan queue limit on create, also under concurrent requests', async () => {
    const small = await createTenant(t, { plan: { queues: 3 } });
    const session = await login(t, small.admin.email);
    const attempts = await Promise.all(
      ['#A1A1A1', '#B2B2B2', '#C3C3C3'].map((color, i) =>
        t
          .http()
          .post('/api/queue')
          .set(session.auth)
          .send({ name: `Fila ${i}`, color, greetingMessage: 'Olá!' }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(attempts.find((r) => r.status === 403)!.body.error).toBe('ERR_PLAN_QUEUE_LIMIT');
    expect((await t.http().get('/api/queue').set(session.auth)).body).toHaveLength(3);
  });

  /** Rows made directly: the prompt and integration APIs have their own suites. */
  async function linkTargets(companyId: number, queueId: number) {
    const em = t.em();
    const company = em.getReference(Company, companyId);
    const prompt = em.create(Prompt, { company, name: `Assistente ${companyId}`, prompt: 'Ajude', apiKey: 'sk-test', queue: em.getReference(Queue, queueId) });
    const integration = em.create(QueueIntegration, { company, type: 'webhook', name: `Gancho ${companyId}`, urlN8N: 'http://127.0.0.1:9/hook' });
    await em.flush();
    return { promptId: prompt.id, integrationId: integration.id };
  }

  it('links a queue to an integration and a prompt of its own company only', async () => {
    const mine = await linkTargets(a.company.id, a.queues[0]!.id);
    const queueId = a.queues[1]!.id;
    const linked = await t.http().put(`/api/queue/${queueId}`).set(adminA.auth).send(mine);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject(mine);
    expect((await t.http().get(`/api/queue/${queueId}`).set(userA.auth)).body).toMatchObject(mine);

    const b = await createTenant(t);
    const foreign = await linkTargets(b.company.id, b.queues[0]!.id);
    const wrongPrompt = await t.http().put(`/api/queue/${queueId}`).set(adminA.auth).send({ promptId: foreign.promptId });
    expect(wrongPrompt.status).toBe(404);
    expect(wrongPrompt.body.error).toBe('ERR_NO_PROMPT_FOUND');
    const wrongIntegration = await t
      .http()
      .post('/api/queue')
      .set(adminA.auth)
      .send({ name: 'Com gancho alheio', color: '#123456', integrationId: foreign.integrationId });
    expect(wrongIntegration.status).toBe(404);
    expect(wrongIntegration.body.error).toBe('ERR_NO_INTEGRATION_FOUND');

    const unlinked = await t.http().put(`/api/queue/${queueId}`).set(adminA.auth).send({ integrationId: null, promptId: '' });
    expect(unlinked.body).toMatchObject({ integrationId: null, promptId: null });
  });

  it('stores, replaces and removes the greeting attachment', async () => {
    const queueId = a.queues[0]!.id;
    const upload = (name: string, body: string) =>
      t
        .http()
        .post(`/api/queue/${queueId}/media-upload`)
        .set(adminA.auth)
        .attach('file', Buffer.from(body), { filename: name, contentType: 'application/pdf' });
    const first = await upload('tabela de preços.pdf', '%PDF-1.4 um');
    expect(first.status).toBe(200);
    expect(first.body.mediaName).toBe('tabela de preços.pdf');
    expect(first.body.mediaPath).toMatch(new RegExp(`^company${a.company.id}/[\\w-]+\\.pdf$`));
    const served = await t.http().get(`/public/${first.body.mediaPath}`);
    expect(served.status).toBe(200);

    const second = await upload('../../etc/passwd', '%PDF-1.4 dois');
    expect(second.body.mediaPath).not.toContain('..');
    expect((await t.http().get(`/public/${first.body.mediaPath}`)).status).toBe(404);

    expect((await t.http().post(`/api/queue/${queueId}/media-upload`).set(adminA.auth)).status).toBe(400);
    expect((await t.http().post(`/api/queue/${queueId}/media-upload`).set(userA.auth).attach('file', Buffer.from('x'), 'a.pdf')).status).toBe(403);
    expect((await t.http().delete(`/api/queue/${queueId}/media-upload`).set(adminB.auth)).status).toBe(404);

    const cleared = await t.http().delete(`/api/queue/${queueId}/media-upload`).set(adminA.auth);
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await t.http().get(`/public/${second.body.mediaPath}`)).status).toBe(404);
  });
});
