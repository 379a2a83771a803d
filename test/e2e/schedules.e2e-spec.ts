import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Schedule } from '../../src/modules/schedules/schedule.entity.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

describe('schedules', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let contactId: number;
  let connectionId: number;

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  const scheduleOf = (id: number) => t.em().findOneOrFail(Schedule, id, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Agenda')).id;
    const contact = await t.http().post('/api/contacts').set(adminA.auth).send({ name: 'Renata Alves', number: '5511977770001' });
    contactId = contact.body.id;
  });
  afterAll(() => t.close());

  it('sends at sendAt through the connection, into the contact’s ticket, and says so live', async () => {
    const socket: Socket = await connectSocket(t, adminA.token);
    const events: Array<{ action: string; schedule: { id: number; status: string } }> = [];
    socket.on(`company-${a.company.id}-schedule`, (payload: (typeof events)[number]) => events.push(payload));
    const created = await t
      .http()
      .post('/api/schedules')
      .set(userA.auth)
      .send({ body: 'Olá {{firstName}}, lembrete da sua consulta.', sendAt: inSeconds(1), contactId, whatsappId: connectionId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDENTE',
      sentAt: null,
      contact: { id: contactId, name: 'Renata Alves' },
      whatsappId: connectionId,
      userId: a.user.id,
    });

    const sent = await waitFor(
      async () => ((await scheduleOf(created.body.id)).status === 'ENVIADA' ? scheduleOf(created.body.id) : null),
      10000 * TIME_FACTOR,
    );
    expect(sent.sentAt).not.toBeNull();
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(new Date(created.body.sendAt).getTime() - 2000);
    const message = await t.em().findOneOrFail(Message, { ticket: sent.ticket!.id, fromMe: true }, { filters: false });
    expect(message.body).toBe('Olá Renata, lembrete da sua consulta.');
    await waitFor(() => events.some((e) => e.action === 'update' && e.schedule.status === 'ENVIADA'));
    expect(events[0]).toMatchObject({ action: 'create', schedule: { id: created.body.id, status: 'PENDENTE' } });
    socket.close();

    const edit = await t.http().put(`/api/schedules/${created.body.id}`).set(adminA.auth).send({ body: 'mudou' });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
  });

  it('re-arms on edit, and a deleted schedule never goes out', async () => {
    const later = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Primeira versão', sendAt: inSeconds(3600), contactId });
    const moved = await t
      .http()
      .put(`/api/schedules/${later.body.id}`)
      .set(adminA.auth)
      // As the dialog sends it: no template (the connection is not a Cloud API one), so no template file either.
      .send({ body: 'Versão final', sendAt: inSeconds(1), templateId: null, templateVariables: [], templateHeaderMediaUrl: null });
    expect(moved.status).toBe(200);
    const sent = await waitFor(async () => ((await scheduleOf(later.body.id)).status === 'ENVIADA' ? scheduleOf(later.body.id) : null), 10000 * TIME_FACTOR);
    // Without a connection of its own, the schedule goes through the company default.
    expect(sent.whatsapp).toBeNull();
    const message = await t.em().findOneOrFail(Message, { ticket: sent.ticket!.id, body: 'Versão final' }, { filters: false });
    expect(message.fromMe).toBe(true);

    const doomed = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Nunca', sendAt: inSeconds(1), contactId });
    expect((await t.http().delete(`/api/schedules/${doomed.body.id}`).set(adminA.auth)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await t.em().count(Message, { body: 'Nunca' }, { filters: false })).toBe(0);
  });

  it('records the reason when the message cannot go out', async () => {
    const broken = await connectedSimulator(t, a.company.id, 'Caiu');
    const failing = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Vai falhar', sendAt: inSeconds(1), contactId, whatsappId: broken.id });
    await t.http().delete(`/api/whatsappsession/${broken.id}`).set(adminA.auth).expect(200);
    const failed = await waitFor(async () => ((await scheduleOf(failing.body.id)).status === 'ERRO' ? scheduleOf(failing.body.id) : null), 10000 * TIME_FACTOR);
    expect(failed.error).toBeTruthy();
    // Editing a failed schedule puts it back in line.
    const retried = await t
      .http()
      .put(`/api/schedules/${failing.body.id}`)
      .set(adminA.auth)
      .send({ whatsappId: connectionId, sendAt: inSeconds(1) });
    expect(retried.body).toMatchObject({ status: 'PENDENTE', error: null });
    await waitFor(async () => ((await scheduleOf(failing.body.id)).status === 'ENVIADA' ? true : null), 10000 * TIME_FACTOR);
  });

  it('lists by calendar range or by page, with search', async () => {
    const base = Date.now() + 10 * 86_400_000;
    for (const [offset, body] of [
      [0, 'Reunião de alinhamento'],
      [86_400_000, 'Cobrança de boleto'],
      [40 * 86_400_000, 'Fora do mês'],
    ] as const) {
      await t
        .http()
        .post('/api/schedules')
        .set(adminA.auth)
        .send({ body, sendAt: new Date(base + offset).toISOString(), contactId })
        .expect(201);
    }
    const range = await t
      .http()
      .get('/api/schedules')
      .query({ from: new Date(base - 1000).toISOString(), to: new Date(base + 2 * 86_400_000).toISOString() })
      .set(userA.auth);
    expect(range.body.schedules.map((s: { body: string }) => s.body)).toEqual(['Reunião de alinhamento', 'Cobrança de boleto']);
    const search = await t.http().get('/api/schedules').query({ searchParam: 'boleto' }).set(userA.auth);
    expect(search.body.schedules.map((s: { body: string }) => s.body)).toEqual(['Cobrança de boleto']);
    const byContact = await t.http().get('/api/schedules').query({ contactId, pageNumber: 1 }).set(userA.auth);
    expect(byContact.body.count).toBeGreaterThanOrEqual(3);
  });

  it('validates the payload and keeps other people’s schedules theirs', async () => {
    const bad = await t.http().post('/api/schedules').set(adminA.auth).send({ body: '', sendAt: 'amanhã', contactId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['body', 'contactId', 'sendAt']);
    const past = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Ontem', sendAt: inSeconds(-60), contactId });
    expect(past.body.fields).toEqual([{ field: 'sendAt', messages: ['sendAt must be in the future'] }]);

    const mine = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Do admin', sendAt: inSeconds(3600), contactId });
    const denied = await t.http().put(`/api/schedules/${mine.body.id}`).set(userA.auth).send({ body: 'Do usuário' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.http().delete(`/api/schedules/${mine.body.id}`).set(userA.auth)).status).toBe(403);
  });

  it('hides another company’s schedules, contacts and connections', async () => {
    const mine = await t
      .http()
      .post('/api/schedules')
      .set(adminA.auth)
      .send({ body: 'Privado', sendAt: inSeconds(3600), contactId });
    for (const res of [
      await t.http().get(`/api/schedules/${mine.body.id}`).set(adminB.auth),
      await t.http().put(`/api/schedules/${mine.body.id}`).set(adminB.auth).send({ body: 'Tomado' }),
      await t.http().delete(`/api/schedules/${mine.body.id}`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    }
    expect((await t.http().get('/api/schedules').set(adminB.auth)).body.schedules).toEqual([]);
    const foreignContact = await t
      .http()
      .post('/api/schedules')
      .set(adminB.auth)
      .send({ body: 'x', sendAt: inSeconds(3600), contactId });
    expect(foreignContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('belongs to plans with schedules', async () => {
    await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useSchedules: false }, { filters: false });
    try {
      expect((await t.http().get('/api/schedules').set(adminA.auth)).status).toBe(403);
    } finally {
      await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useSchedules: true }, { filters: false });
    }
  });
});
