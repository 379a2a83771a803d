import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { MediaSweep } from '../../src/modules/media/media-sweep.js';
import type { AnnouncementEventPayload, AnnouncementFeedResponse, AnnouncementResponse } from '../../src/shared/announcement-api-types.js';
import { ANNOUNCEMENT_EVENT } from '../../src/shared/realtime-events.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { waitFor } from '../utils/channels.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

describe('announcements', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let superUser: Session;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let userB: Session;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/announcements').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/announcements/${id}`).set(session.auth).send(body);
  const remove = (session: Session, id: number) => t.http().delete(`/api/announcements/${id}`).set(session.auth);
  const feed = async (session: Session): Promise<AnnouncementFeedResponse> => {
    const res = await t.http().get('/api/announcements/feed').set(session.auth);
    expect(res.status).toBe(200);
    return res.body as AnnouncementFeedResponse;
  };
  const unread = async (session: Session): Promise<number> => (await t.http().get('/api/announcements/unread-count').set(session.auth)).body.unreadCount;
  const upload = (session: Session, id: number, content: Buffer, filename: string, contentType: string) =>
    t.http().post(`/api/announcements/${id}/media-upload`).set(session.auth).attach('file', content, { filename, contentType });
  const stored = (path: string) => storedMedia(t).has(path);
  const titles = (records: { title: string }[]) => records.map((r) => r.title);

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    superUser = await login(t, (await createUser(t, a.company, 'admin', { super: true })).email);
    userB = await login(t, b.user.email);
  });
  afterAll(() => t.close());

  it('lets a super user create, read, update and delete, with the spec defaults and both list dialects', async () => {
    const created = await create(superUser, { title: '  Manutenção ', text: 'O sistema ficará fora do ar às 22h.' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Manutenção',
      text: 'O sistema ficará fora do ar às 22h.',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id as number;
    const high = await create(superUser, { title: 'Urgente', text: 'Atualize o aplicativo', priority: 1 });
    const hidden = await create(superUser, { title: 'Rascunho', text: 'Ainda não publicado', priority: 2, status: false });
    expect(hidden.body).toMatchObject({ priority: 2, status: false });

    const updated = await update(superUser, id, { priority: 2, text: 'Fora do ar às 23h.' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, title: 'Manutenção', text: 'Fora do ar às 23h.', priority: 2, status: true });

    const spec = await t.http().get('/api/announcements').query({ searchParam: 'fora do ar' }).set(superUser.auth);
    expect(spec.body).toMatchObject({ count: 1, hasMore: false, records: [{ id }] });
    const ra = await t.http().get('/api/announcements').query({ sort: '["priority","ASC"]', range: '[0,1]' }).set(superUser.auth);
    expect(titles(ra.body)).toEqual(['Urgente', 'Rascunho']);
    expect(ra.headers['content-range']).toBe('records 0-1/3');
    const inactive = await t.http().get('/api/announcements').query({ filter: '{"status":false}' }).set(superUser.auth);
    expect(titles(inactive.body)).toEqual(['Rascunho']);
    expect((await t.http().get(`/api/announcements/${hidden.body.id}`).set(superUser.auth)).body.title).toBe('Rascunho');

    expect((await remove(superUser, high.body.id)).status).toBe(204);
    const gone = await t.http().get(`/api/announcements/${high.body.id}`).set(superUser.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    for (const res of [await update(superUser, 999999, { title: 'x' }), await remove(superUser, 999999)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    }
  });

  it('shows every company the same active announcements and never an inactive one', async () => {
    const draft = (await t.http().get('/api/announcements').query({ filter: '{"status":false}' }).set(superUser.auth)).body[0] as AnnouncementResponse;
    for (const session of [adminA, userA, adminB, userB]) {
      const list = await t.http().get('/api/announcements').set(session.auth);
      expect(list.status).toBe(200);
      expect(titles(list.body.records)).toEqual(['Manutenção']);
      const asked = await t.http().get('/api/announcements').query({ filter: '{"status":false}' }).set(session.auth);
      expect(asked.body).toEqual([]);
      const one = await t.http().get(`/api/announcements/${draft.id}`).set(session.auth);
      expect(one.status).toBe(404);
      expect(one.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
      expect((await t.http().post(`/api/announcements/${draft.id}/read`).set(session.auth)).status).toBe(404);
      expect(titles((await feed(session)).records)).toEqual(['Manutenção']);
    }
  });

  it('refuses writes from admins and attendants of any company', async () => {
    const [record] = (await feed(userA)).records;
    for (const session of [adminA, userA, adminB, userB]) {
      for (const res of [
        await create(session, { title: 'Não', text: 'Não' }),
        await update(session, record!.id, { title: 'Não' }),
        await remove(session, record!.id),
        await upload(session, record!.id, PNG, 'x.png', 'image/png'),
        await t.http().delete(`/api/announcements/${record!.id}/media-upload`).set(session.auth),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
    }
    expect((await t.http().get(`/api/announcements/${record!.id}`).set(adminB.auth)).body.title).toBe('Manutenção');
  });

  it('answers bad input with field errors', async () => {
    const bad = await create(superUser, { title: '   ', priority: 4, status: 'yes', mediaPath: 'company1/x.png' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['mediaPath', 'priority', 'status', 'text', 'title']);
    expect((await create(superUser, { title: 'x'.repeat(201), text: 'ok' })).status).toBe(400);
    const [record] = (await feed(superUser)).records;
    const nulls = await update(superUser, record!.id, { title: null, text: '' });
    expect(nulls.status).toBe(400);
    expect(nulls.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['text', 'title']);
    expect((await t.http().get('/api/announcements/abc').set(superUser.auth)).status).toBe(400);
    expect((await t.http().get('/api/announcements').query({ sort: '["mediaPath","ASC"]' }).set(superUser.auth)).status).toBe(400);
    const noIds = await t
      .http()
      .post('/api/announcements/read')
      .set(userA.auth)
      .send({ ids: ['x'] });
    expect(noIds.status).toBe(400);
    expect(noIds.body.fields[0].field).toBe('ids');
  });

  it('keeps read markers per user and per company', async () => {
    const second = (await create(superUser, { title: 'Novidade', text: 'Chegou o kanban', priority: 1 })).body as AnnouncementResponse;
    const first = (await feed(userA)).records.find((r) => r.title === 'Manutenção')!;
    // By priority, then newest.
    expect(titles((await feed(userA)).records)).toEqual(['Novidade', 'Manutenção']);
    for (const session of [userA, adminA, userB]) expect(await unread(session)).toBe(2);

    const one = await t.http().post(`/api/announcements/${second.id}/read`).set(userA.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ unreadCount: 1 });
    // Again: nothing changes.
    expect((await t.http().post(`/api/announcements/${second.id}/read`).set(userA.auth)).body).toEqual({ unreadCount: 1 });
    expect((await feed(userA)).records.map((r) => [r.title, r.read])).toEqual([
      ['Novidade', true],
      ['Manutenção', false],
    ]);
    // A colleague and a user of another company still have both unread.
    expect(await unread(adminA)).toBe(2);
    expect(await unread(userB)).toBe(2);
    expect((await feed(userB)).records.every((r) => !r.read)).toBe(true);

    const all = await t
      .http()
      .post('/api/announcements/read')
      .set(userB.auth)
      .send({ ids: [first.id, second.id, 999999] });
    expect(all.body).toEqual({ unreadCount: 0 });
    expect(await unread(userA)).toBe(1);
    expect(await unread(adminB)).toBe(2);

    // An announcement switched off leaves the count; back on, it is still read by those who read it.
    await update(superUser, second.id, { status: false });
    expect(await unread(adminA)).toBe(1);
    await update(superUser, second.id, { status: true });
    expect(await unread(userB)).toBe(0);
    expect(await unread(adminA)).toBe(2);
  });

  it('accepts png, jpg and jpeg attachments only, by name and content, and keeps them from the media sweep', async () => {
    const record = (await create(superUser, { title: 'Com imagem', text: 'Veja a imagem' })).body as AnnouncementResponse;
    const res = await upload(superUser, record.id, PNG, '../../aviso final.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: record.id, mediaName: 'aviso final.png' });
    const path = res.body.mediaPath as string;
    expect(path).toMatch(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.png$`));
    expect(res.body.mediaUrl).toBe(`/public/${path}`);
    // Users of another company load it too (the image is as global as the announcement).
    const served = await t.http().get(res.body.mediaUrl).set(userB.auth);
    expect(served.status).toBe(200);

    for (const [content, name, type] of [
      [Buffer.from('%PDF-1.4 teste'), 'aviso.pdf', 'application/pdf'],
      [Buffer.from('GIF89a'), 'anim.gif', 'image/gif'],
      [Buffer.from('%PDF-1.4 teste'), 'disfarce.png', 'image/png'],
      [PNG, 'imagem.jpg', 'image/jpeg'],
      [Buffer.from('<svg/>'), 'vetor.svg', 'image/svg+xml'],
    ] as const) {
      const refused = await upload(superUser, record.id, content, name, type);
      expect([name, refused.status, refused.body.error]).toEqual([name, 415, 'ERR_MEDIA_TYPE_NOT_ALLOWED']);
    }
    const missing = await t.http().post(`/api/announcements/${record.id}/media-upload`).set(superUser.auth).field('x', 'y');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'file' }] });
    const unknown = await upload(superUser, 999999, PNG, 'x.png', 'image/png');
    expect(unknown.status).toBe(404);
    // Refused uploads leave nothing behind; the stored image survives the sweep of unreferenced files.
    expect(await t.app.get(MediaSweep).sweep(0)).toMatchObject({ orphans: 0 });
    expect(await stored(path)).toBe(true);

    const replaced = await upload(superUser, record.id, JPEG, 'foto.jpeg', 'image/jpeg');
    expect(replaced.status).toBe(200);
    expect(replaced.body.mediaPath).toMatch(/\.jpg$/);
    expect(await stored(path)).toBe(false);

    const cleared = await t.http().delete(`/api/announcements/${record.id}/media-upload`).set(superUser.auth);
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    expect(await stored(replaced.body.mediaPath)).toBe(false);

    const again = await upload(superUser, record.id, PNG, 'de-novo.png', 'image/png');
    expect((await remove(superUser, record.id)).status).toBe(204);
    expect(await stored(again.body.mediaPath)).toBe(false);
  });

  it('broadcasts create, update and delete to every company, and nothing else crosses companies', async () => {
    const sessions = [superUser, userA, adminB, userB];
    const sockets: Socket[] = await Promise.all(sessions.map((s) => connectSocket(t, s.token)));
    const received = sockets.map(() => [] as { event: string; payload: unknown }[]);
    sockets.forEach((socket, i) => {
      socket.onAny((event: string, payload: unknown) => received[i]!.push({ event, payload }));
    });
    const announcementsOf = (i: number) => received[i]!.filter((e) => e.event === ANNOUNCEMENT_EVENT).map((e) => e.payload as AnnouncementEventPayload);

    const created = (await create(superUser, { title: 'Ao vivo', text: 'Evento em tempo real' })).body as AnnouncementResponse;
    await update(superUser, created.id, { title: 'Ao vivo!' });
    await update(superUser, created.id, { status: false });
    // Company B does something of its own meanwhile: it must not reach company A's sockets, nor A's reach B's.
    await t.http().post('/api/tags').set(adminB.auth).send({ name: 'Só B', color: '#123456' });
    await remove(superUser, created.id);
    await waitFor(() => sockets.every((_, i) => announcementsOf(i).some((p) => p.action === 'delete')));
    for (const socket of sockets) socket.close();

    for (const i of sessions.keys()) {
      const events = announcementsOf(i);
      expect(events).toEqual([
        { action: 'create', id: created.id, record: expect.objectContaining({ title: 'Ao vivo', status: true }) },
        { action: 'update', id: created.id, record: expect.objectContaining({ title: 'Ao vivo!' }) },
        // Switched off: clients drop it; the contents do not travel.
        { action: 'update', id: created.id },
        { action: 'delete', id: created.id },
      ]);
    }
    // Every other event a socket got is its own company's.
    const companyOf = [a.company.id, a.company.id, b.company.id, b.company.id];
    for (const i of sessions.keys()) {
      const others = received[i]!.filter((e) => e.event !== ANNOUNCEMENT_EVENT).map((e) => e.event);
      expect(others.filter((event) => !event.startsWith(`company-${companyOf[i]}-`))).toEqual([]);
    }
    expect(received[2]!.some((e) => e.event === `company-${b.company.id}-tag`)).toBe(true);
  });
});
