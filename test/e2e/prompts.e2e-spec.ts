import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ref } from '@mikro-orm/core';
import type { Socket } from 'socket.io-client';
import { Prompt } from '../../src/modules/prompts/prompt.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { createTenant, createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface PromptBody {
  id: number;
  name: string;
  apiKeyHint: string;
  queueId: number;
  [key: string]: unknown;
}

const API_KEY = 'sk-proj-abcdefghijklmnop-1234';
const OTHER_KEY = 'sk-proj-zyxwvutsrqponm-9876';
const VOICE_KEY = 'voice-secret-key-5555';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('prompts', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let saved: PromptBody;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/prompt').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/prompt/${id}`).set(session.auth).send(body);
  const valid = (extra: Record<string, unknown> = {}) => ({
    name: 'Atendente virtual',
    prompt: 'Você é o atendente da loja.',
    apiKey: API_KEY,
    queueId: a.queues[0]!.id,
    ...extra,
  });
  /** No answer may carry a secret, whatever its field name. */
  const expectNoSecret = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const secret of [API_KEY, OTHER_KEY, VOICE_KEY]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"apiKey"|"voiceKey"/);
  };
  const stored = (id: number) => t.em().findOneOrFail(Prompt, { id }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('creates a prompt with the defaults, answers a message and a key hint, and emits company-{id}-prompt', async () => {
    const sockets: Socket[] = await Promise.all([userA, adminB].map((s) => connectSocket(t, s.token)));
    const [ownEvents, foreignEvents]: unknown[][] = [[], []];
    sockets[0]!.on(`company-${a.company.id}-prompt`, (payload: unknown) => ownEvents.push(payload));
    sockets[1]!.onAny((event: string) => foreignEvents.push(event));

    const res = await create(adminA, { ...valid(), name: '  Atendente virtual ', voiceKey: VOICE_KEY });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Atendente virtual',
      prompt: 'Você é o atendente da loja.',
      voice: 'texto',
      voiceRegion: null,
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      model: 'gpt-4o-mini',
      apiKeyHint: '••••1234',
      queueId: a.queues[0]!.id,
      queue: { id: a.queues[0]!.id, name: a.queues[0]!.name, color: a.queues[0]!.color },
      companyId: a.company.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      message: 'Prompt created',
    });
    expectNoSecret(res.body);
    const { message: _message, ...prompt } = res.body;
    saved = prompt;
    expect(await stored(saved.id)).toMatchObject({ apiKey: API_KEY, voiceKey: VOICE_KEY });

    await sleep(200);
    for (const s of sockets) s.close();
    expect(ownEvents).toEqual([{ action: 'create', prompt: saved }]);
    expect(foreignEvents).toEqual([]);
  });

  it('lists for every profile in both dialects and reads one record', async () => {
    const second = await create(
      adminA,
      valid({
        name: 'Bot de vendas',
        prompt: 'Venda pizzas',
        queueId: a.queues[1]!.id,
        maxTokens: 500,
        temperature: 0.2,
        maxMessages: 50,
        model: 'llama3.1:8b',
        voice: 'pt-BR-FranciscaNeural',
        voiceRegion: 'brazilsouth',
      }),
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      maxTokens: 500,
      temperature: 0.2,
      maxMessages: 50,
      model: 'llama3.1:8b',
      voice: 'pt-BR-FranciscaNeural',
      voiceRegion: 'brazilsouth',
    });

    const all = await t.http().get('/api/prompt').set(userA.auth);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ prompts: [saved, expect.objectContaining({ name: 'Bot de vendas' })], count: 2, hasMore: false });
    expectNoSecret(all.body);
    expect(
      (await t.http().get('/api/prompt').query({ searchParam: 'PIZZA', pageNumber: 1 }).set(userA.auth)).body.prompts.map((p: PromptBody) => p.name),
    ).toEqual(['Bot de vendas']);

    const ra = await t
      .http()
      .get('/api/prompt')
      .query({ range: '[0,0]', sort: '["name","DESC"]', filter: JSON.stringify({ queueId: a.queues[1]!.id }) })
      .set(adminA.auth);
    expect(ra.status).toBe(200);
    expect(ra.headers['content-range']).toBe('prompts 0-0/1');
    expect(ra.body.map((p: PromptBody) => p.name)).toEqual(['Bot de vendas']);

    const one = await t.http().get(`/api/prompt/${saved.id}`).set(userA.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(saved);
  });

  it('updates fields, keeps the stored keys when none is sent and replaces them when one is', async () => {
    const kept = await update(adminA, saved.id, { prompt: 'Seja breve.', apiKey: '', voiceKey: '', maxTokens: 200, queueId: a.queues[1]!.id });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      prompt: 'Seja breve.',
      maxTokens: 200,
      apiKeyHint: '••••1234',
      queueId: a.queues[1]!.id,
      queue: { name: a.queues[1]!.name },
    });
    expect(kept.body).not.toHaveProperty('message');
    expect(await stored(saved.id)).toMatchObject({ apiKey: API_KEY, voiceKey: VOICE_KEY });

    const replaced = await update(adminA, saved.id, { apiKey: OTHER_KEY, voiceKey: null, temperature: null });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ apiKeyHint: '••••9876', temperature: 1, maxTokens: 200 });
    expectNoSecret(replaced.body);
    expect(await stored(saved.id)).toMatchObject({ apiKey: OTHER_KEY, voiceKey: null });
    saved = replaced.body;
    expect((await t.http().get(`/api/prompt/${saved.id}`).set(adminA.auth)).body).toEqual(saved);
  });

  it("requires a queue with the form's wording, and a queue of the caller's company", async () => {
    for (const res of [
      await create(adminA, valid({ queueId: undefined })),
      await create(adminA, valid({ queueId: '' })),
      await update(adminA, saved.id, { queueId: null }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'ERR_PROMPT_QUEUE_REQUIRED', message: 'Informe o setor' });
    }
    const foreignQueue = await create(adminA, valid({ name: 'Outra', queueId: b.queues[0]!.id }));
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await update(adminA, saved.id, { queueId: b.queues[0]!.id })).body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('answers 400 with the offending fields and 409 for a name the company already uses', async () => {
    const bad = await create(adminA, {
      name: 'x',
      prompt: '  ',
      queueId: a.queues[0]!.id,
      maxTokens: 5,
      temperature: 3,
      maxMessages: 51,
      companyId: b.company.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'apiKey',
      'companyId',
      'maxMessages',
      'maxTokens',
      'name',
      'prompt',
      'temperature',
    ]);
    const badUpdate = await update(adminA, saved.id, { name: null, maxTokens: 4097, maxMessages: 0 });
    expect(badUpdate.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['maxMessages', 'maxTokens', 'name']);

    const taken = await create(adminA, valid({ name: 'Bot de vendas' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_PROMPT_NAME_EXISTS');
    expect((await update(adminA, saved.id, { name: 'Bot de vendas' })).body.error).toBe('ERR_PROMPT_NAME_EXISTS');
    // Unique per company: another company may use the same name.
    expect((await create(adminB, valid({ name: 'Bot de vendas', queueId: b.queues[0]!.id }))).status).toBe(201);
  });

  it('hides a prompt from other companies (404) and keeps their lists apart', async () => {
    for (const res of [
      await t.http().get(`/api/prompt/${saved.id}`).set(adminB.auth),
      await update(adminB, saved.id, { name: 'Roubado' }),
      await t.http().delete(`/api/prompt/${saved.id}`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_PROMPT_FOUND');
    }
    const foreign = await t.http().get('/api/prompt').set(adminB.auth);
    expect(foreign.body.count).toBe(1);
    expect(foreign.body.prompts.map((p: PromptBody) => p.name)).toEqual(['Bot de vendas']);
    expect((await stored(saved.id)).name).toBe('Atendente virtual');
  });

  it('lets only admins write', async () => {
    for (const res of [
      await create(userA, valid({ name: 'Do atendente' })),
      await update(userA, saved.id, { name: 'Alterado' }),
      await t.http().delete(`/api/prompt/${saved.id}`).set(userA.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    const supervisor = await login(t, (await createUser(t, a.company, 'supervisor')).email);
    expect((await create(supervisor, valid({ name: 'Do supervisor' }))).status).toBe(403);
    expect((await t.http().get('/api/prompt').set(supervisor.auth)).status).toBe(200);
  });

  it('is closed to companies whose plan has no AI module', async () => {
    const gated = await createTenant(t, { plan: { useOpenAi: false } });
    const admin = await login(t, gated.admin.email);
    for (const res of [
      await t.http().get('/api/prompt').set(admin.auth),
      await t.http().get(`/api/prompt/${saved.id}`).set(admin.auth),
      await create(admin, valid({ queueId: gated.queues[0]!.id })),
      await update(admin, saved.id, { name: 'x' }),
      await t.http().delete(`/api/prompt/${saved.id}`).set(admin.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.http().get('/api/prompt')).status).toBe(401);
  });

  it('deletes a prompt; queues using it are left without one', async () => {
    const em = t.em();
    const queue = await em.findOneOrFail(Queue, { id: a.queues[1]!.id }, { filters: false });
    queue.prompt = ref(await em.findOneOrFail(Prompt, { id: saved.id }, { filters: false }));
    await em.flush();

    const socket = await connectSocket(t, adminA.token);
    const events: unknown[] = [];
    socket.on(`company-${a.company.id}-prompt`, (payload: unknown) => events.push(payload));
    const res = await t.http().delete(`/api/prompt/${saved.id}`).set(adminA.auth);
    expect(res.status).toBe(204);
    expect((await t.http().get(`/api/prompt/${saved.id}`).set(adminA.auth)).status).toBe(404);
    expect((await t.em().findOneOrFail(Queue, { id: a.queues[1]!.id }, { filters: false })).prompt).toBeNull();
    await sleep(200);
    socket.close();
    expect(events).toEqual([{ action: 'delete', promptId: saved.id }]);
  });
});
