import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { QuickMessageResponse } from '../../src/shared/api-types.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

/** The wire shape, as the browser reads it. */
type QuickMessageBody = QuickMessageResponse;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('quick messages', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let otherA: Session;
  let adminB: Session;
  let mine: QuickMessageBody;
  let shared: QuickMessageBody;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/quick-messages').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/quick-messages/${id}`).set(session.auth).send(body);
  const list = (session: Session, query: Record<string, unknown> = {}) => t.http().get('/api/quick-messages').query(query).set(session.auth);
  const shortcodes = (records: QuickMessageBody[]) => records.map((r) => r.shortcode);
  const upload = (session: Session, id: number, content: Buffer, filename: string, contentType: string) =>
    t
      .http()
      .post(`/api/quick-messages/${id}/media-upload`)
      .set(session.auth)
      .field('typeArch', 'quickMessage')
      .attach('file', content, { filename, contentType });
  const stored = (path: string) => storedMedia(t).has(path);

  /** Collects the quick-message events a socket receives. */
  function listen(socket: Socket): unknown[] {
    const events: unknown[] = [];
    socket.on(`company-${a.company.id}-quickmessage`, (payload: unknown) => events.push(payload));
    return events;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    otherA = await login(t, (await createUser(t, a.company, 'user')).email);
  });
  afterAll(() => t.close());

  it('creates private and shared replies; a private one reaches only its owner, a shared one the company', async () => {
    const [ownerSocket, otherSocket, foreignSocket] = await Promise.all([userA, otherA, adminB].map((s) => connectSocket(t, s.token)));
    const [ownerEvents, otherEvents, foreignEvents] = [ownerSocket, otherSocket, foreignSocket].map(listen);
    const leaked: string[] = [];
    foreignSocket.onAny((event: string) => leaked.push(event));

    const res = await create(userA, { shortcode: '  bomdia ', message: 'Bom dia! Como posso ajudar?' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      shortcode: 'bomdia',
      message: 'Bom dia! Como posso ajudar?',
      geral: false,
      status: true,
      isMedia: false,
      mediaPath: null,
      mediaUrl: null,
      mediaName: null,
      userId: a.user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    mine = res.body;
    shared = (await create(adminA, { shortcode: 'horario', message: 'Atendemos das 8h às 18h', geral: true })).body;

    await sleep(200);
    for (const s of [ownerSocket, otherSocket, foreignSocket]) s.close();
    expect(ownerEvents).toEqual([
      { action: 'create', record: mine },
      { action: 'create', record: shared },
    ]);
    expect(otherEvents).toEqual([{ action: 'create', record: shared }]);
    expect(foreignEvents).toEqual([]);
    expect(leaked).toEqual([]);
  });

  it('shows a user their own and the shared replies, and an admin every reply', async () => {
    expect((await create(otherA, { shortcode: 'obrigado', message: 'Obrigado pelo contato' })).status).toBe(201);
    expect((await create(userA, { shortcode: 'inativa', message: 'não sugerir', status: false })).status).toBe(201);

    const own = await list(userA, { pageNumber: 1, userId: a.admin.id });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ count: 3, hasMore: false });
    expect(shortcodes(own.body.records)).toEqual(['bomdia', 'horario', 'inativa']);
    expect(shortcodes((await list(otherA)).body.records)).toEqual(['horario', 'obrigado']);
    expect((await list(adminA)).body.count).toBe(4);

    expect(shortcodes((await list(userA, { searchParam: 'AJUDAR' })).body.records)).toEqual(['bomdia']);
    expect(shortcodes((await list(userA, { searchParam: 'hor' })).body.records)).toEqual(['horario']);
    const ra = await list(adminA, { range: '[0,1]', sort: '["shortcode","DESC"]', filter: '{"geral":false}' });
    expect(ra.headers['content-range']).toBe('records 0-1/3');
    expect(shortcodes(ra.body)).toEqual(['obrigado', 'inativa']);

    // The slash suggestions: own and shared, active only, whatever userId the browser sends.
    const suggestions = await t.http().get('/api/quick-messages/list').query({ userId: a.admin.id }).set(userA.auth);
    expect(shortcodes(suggestions.body)).toEqual(['bomdia', 'horario']);
    expect(shortcodes((await t.http().get('/api/quick-messages/list').set(adminA.auth)).body)).toEqual(['horario']);
  });

  it('lets only the owner or an admin read a private reply or change any reply', async () => {
    for (const res of [
      await t.http().get(`/api/quick-messages/${mine.id}`).set(otherA.auth),
      await update(otherA, mine.id, { message: 'alterada' }),
      await update(otherA, shared.id, { message: 'alterada' }),
      await t.http().delete(`/api/quick-messages/${shared.id}`).set(otherA.auth),
      await upload(otherA, mine.id, PNG, 'x.png', 'image/png'),
      await t.http().delete(`/api/quick-messages/${mine.id}/media-upload`).set(otherA.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.http().get(`/api/quick-messages/${shared.id}`).set(otherA.auth)).body).toEqual(shared);

    const edited = await update(userA, mine.id, { message: 'Bom dia!', geral: true });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ shortcode: 'bomdia', message: 'Bom dia!', geral: true, userId: a.user.id });
    const byAdmin = await update(adminA, mine.id, { geral: false });
    expect(byAdmin.body).toMatchObject({ geral: false, userId: a.user.id });
    mine = byAdmin.body;
  });

  it('answers 400 with the offending fields and 409 for a shortcode the owner already has', async () => {
    const bad = await create(userA, { shortcode: '   ', message: 5, geral: 'sim', userId: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['geral', 'message', 'shortcode', 'userId']);
    expect((await update(userA, mine.id, { shortcode: null })).body.fields.map((f: { field: string }) => f.field)).toEqual(['shortcode']);

    const taken = await create(userA, { shortcode: 'bomdia', message: 'outra' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_QUICK_MESSAGE_SHORTCODE_EXISTS');
    expect((await update(userA, mine.id, { shortcode: 'inativa' })).body.error).toBe('ERR_QUICK_MESSAGE_SHORTCODE_EXISTS');
    // Unique per owner: a colleague may use the same shortcode.
    expect((await create(otherA, { shortcode: 'bomdia', message: 'Olá' })).status).toBe(201);
  });

  it('stores an attachment under the company folder with a generated name, replaces and removes it', async () => {
    const res = await upload(userA, mine.id, PNG, '../../relatório final.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.id, isMedia: true, mediaName: 'relatório final.png' });
    const path = res.body.mediaPath as string;
    expect(path).toMatch(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.png$`));
    expect(res.body.mediaUrl).toBe(`/public/${path}`);
    const served = await t.http().get(res.body.mediaUrl);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    const replaced = await upload(userA, mine.id, Buffer.from('%PDF-1.4 teste'), 'tabela.pdf', 'application/pdf');
    expect(replaced.body.mediaPath).toMatch(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.pdf$`));
    expect(await stored(path)).toBe(false);
    expect(await stored(replaced.body.mediaPath)).toBe(true);

    const missing = await t.http().post(`/api/quick-messages/${mine.id}/media-upload`).set(userA.auth).field('typeArch', 'quickMessage');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'file' }] });
    const refused = await upload(userA, mine.id, Buffer.from('MZ'), 'virus.exe', 'application/x-msdownload');
    expect(refused.status).toBe(415);

    const cleared = await t.http().delete(`/api/quick-messages/${mine.id}/media-upload`).set(userA.auth);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ isMedia: false, mediaPath: null, mediaUrl: null, mediaName: null });
    expect(await stored(replaced.body.mediaPath)).toBe(false);
  });

  it('hides every reply of another company: 404 on ids, nothing in lists or counts', async () => {
    for (const res of [
      await t.http().get(`/api/quick-messages/${shared.id}`).set(adminB.auth),
      await update(adminB, shared.id, { message: 'Tomada' }),
      await t.http().delete(`/api/quick-messages/${shared.id}`).set(adminB.auth),
      await upload(adminB, shared.id, PNG, 'x.png', 'image/png'),
      await t.http().delete(`/api/quick-messages/${shared.id}/media-upload`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    }
    expect((await list(adminB)).body).toEqual({ records: [], hasMore: false, count: 0 });
    expect((await t.http().get('/api/quick-messages/list').set(adminB.auth)).body).toEqual([]);
  });

  it('deletes a reply with its attachment and tells its audience', async () => {
    const attached = await upload(userA, mine.id, PNG, 'foto.png', 'image/png');
    const socket = await connectSocket(t, userA.token);
    const received = new Promise<unknown>((resolve) => socket.once(`company-${a.company.id}-quickmessage`, resolve));
    expect((await t.http().delete(`/api/quick-messages/${mine.id}`).set(userA.auth)).status).toBe(204);
    expect(await received).toEqual({ action: 'delete', id: mine.id });
    socket.close();
    expect(await stored(attached.body.mediaPath)).toBe(false);
    expect((await t.http().get(`/api/quick-messages/${mine.id}`).set(userA.auth)).status).toBe(404);
  });
});
