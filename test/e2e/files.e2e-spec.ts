import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { FileListsService } from '../../src/modules/files/files.service.js';
import { MediaSweep } from '../../src/modules/media/media-sweep.js';
import type { FileListEventPayload, FileListResponse } from '../../src/shared/campaign-api-types.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4 catálogo');

interface Part {
  content: Buffer;
  filename: string;
  contentType: string;
}

const png = (filename: string): Part => ({ content: PNG, filename, contentType: 'image/png' });
const pdf = (filename: string): Part => ({ content: PDF, filename, contentType: 'application/pdf' });

describe('file lists', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/files').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/files/${id}`).set(session.auth).send(body);
  const upload = (session: Session, id: number, optionIds: string, parts: Part[]) => {
    let req = t.http().post(`/api/files/uploadList/${id}`).set(session.auth).field('optionIds', optionIds);
    for (const part of parts) req = req.attach('files', part.content, { filename: part.filename, contentType: part.contentType });
    return req;
  };
  const stored = (path: string) => storedMedia(t).has(path);
  /** Every file in the company's storage folder. */
  const folder = () => storedMedia(t).paths(a.company.id);
  const newList = async (name: string, options: string[] = []): Promise<FileListResponse> => {
    const res = await create(adminA, { name, message: `Mensagem de ${name}`, options: options.map((o) => ({ name: o })) });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('creates a list with its options; the company hears it, another company does not', async () => {
    const [userSocket, foreignSocket] = await Promise.all([userA, adminB].map((s) => connectSocket(t, s.token)));
    const heard: FileListEventPayload[] = [];
    const leaked: string[] = [];
    userSocket.on(`company-${a.company.id}-file`, (payload: FileListEventPayload) => heard.push(payload));
    foreignSocket.onAny((event: string) => leaked.push(event));

    const res = await create(adminA, {
      name: '  Boas-vindas ',
      message: 'Segue nosso material',
      companyId: 999999,
      options: [{ name: 'Catálogo' }, { name: 'Tabela de preços', path: '', mediaType: '' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Boas-vindas',
      message: 'Segue nosso material',
      userId: a.admin.id,
      options: [
        { id: expect.any(Number), name: 'Catálogo', path: null, mediaType: null, mediaName: null },
        { id: expect.any(Number), name: 'Tabela de preços', path: null, mediaType: null, mediaName: null },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toEqual({ action: 'create', record: res.body });
    // A later event the foreign socket could also have received has arrived for the user: nothing leaked meanwhile.
    await update(adminA, res.body.id, { message: 'Segue nosso material atualizado' }).expect(200);
    await waitFor(() => heard.length === 2);
    expect(leaked).toEqual([]);
    for (const s of [userSocket, foreignSocket] as Socket[]) s.close();
  });

  it('refuses a short name, a missing message and bad options', async () => {
    const short = await create(adminA, { name: 'ab', message: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.fields.map((f: { field: string }) => f.field)).toEqual(['name']);
    const noMessage = await create(adminA, { name: 'Sem mensagem' });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.fields.map((f: { field: string }) => f.field)).toEqual(['message']);
    expect((await create(adminA, { name: 'Vazia', message: '' })).status).toBe(400);
    expect((await create(adminA, { name: 'Opções', message: 'm', options: [{ name: '' }] })).status).toBe(400);
    expect((await create(adminA, { name: 'Opções', message: 'm', options: [{ id: 1, name: 'x' }] })).status).toBe(400);
    expect((await create(adminA, { name: 'Opções', message: 'm', options: Array.from({ length: 21 }, (_, i) => ({ name: `o${i}` })) })).status).toBe(400);
    expect((await create(adminA, { name: 'Extra', message: 'm', foo: 1 })).status).toBe(400);
    expect((await t.http().get('/api/files/abc').set(adminA.auth)).status).toBe(400);
  });

  it('lists in both dialects for every profile, searches, and ignores companyId', async () => {
    await newList('Promoção de verão');
    const spec = await t.http().get('/api/files').query({ searchParam: 'verão', pageNumber: 1, companyId: 999999 }).set(userA.auth);
    expect(spec.status).toBe(200);
    expect(spec.body).toEqual({ files: [expect.objectContaining({ name: 'Promoção de verão' })], hasMore: false, count: 1 });
    const all = await t.http().get('/api/files').query({ companyId: a.company.id }).set(userA.auth);
    expect(all.body.count).toBeGreaterThanOrEqual(2);
    const ra = await t
      .http()
      .get('/api/files')
      .query({ filter: JSON.stringify({ q: 'Boas' }), range: '[0,9]', sort: '["name","ASC"]' })
      .set(adminA.auth);
    expect(ra.status).toBe(200);
    expect(ra.headers['content-range']).toBe('files 0-0/1');
    expect(ra.body[0].options).toHaveLength(2);
    expect((await t.http().get('/api/files').query({ sort: '["message","ASC"]' }).set(adminA.auth)).status).toBe(400);
    const foreign = await t.http().get('/api/files').set(adminB.auth);
    expect(foreign.body).toEqual({ files: [], hasMore: false, count: 0 });
  });

  it('lets only admins of the company change lists (403 for a user, 404 for another company)', async () => {
    const list = await newList('Restrita', ['Único']);
    expect((await t.http().get(`/api/files/${list.id}`).set(userA.auth)).status).toBe(200);
    expect((await create(userA, { name: 'Do usuário', message: 'm' })).status).toBe(403);
    expect((await update(userA, list.id, { name: 'Mudou' })).status).toBe(403);
    expect((await t.http().delete(`/api/files/${list.id}`).set(userA.auth)).status).toBe(403);
    expect((await upload(userA, list.id, String(list.options[0]!.id), [png('a.png')])).status).toBe(403);

    for (const res of [
      await t.http().get(`/api/files/${list.id}`).set(adminB.auth),
      await update(adminB, list.id, { name: 'Mudou' }),
      await t.http().delete(`/api/files/${list.id}`).set(adminB.auth),
      await upload(adminB, list.id, String(list.options[0]!.id), [png('a.png')]),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_FILE_LIST_FOUND');
    }
    expect(await folder()).toEqual([]);

    // The read the campaign dispatcher uses outside a request is per company too.
    const service = t.app.get(FileListsService);
    expect(await service.forSending(a.company.id, list.id)).toMatchObject({ id: list.id, name: 'Restrita' });
    expect(await service.forSending(b.company.id, list.id)).toBeNull();
  });

  it('stores one file per option, refuses bad uploads without leaving files, and releases replaced and dropped files', async () => {
    const list = await newList('Materiais', ['Catálogo', 'Tabela']);
    const [catalog, table] = list.options.map((o) => o.id) as [number, number];

    const bad = await upload(adminA, list.id, `${catalog},${table}`, [
      png('foto.png'),
      { content: Buffer.from('MZ'), filename: 'setup.exe', contentType: 'application/x-msdownload' },
    ]);
    expect(bad.status).toBe(415);
    expect(bad.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect((await upload(adminA, list.id, `${catalog}`, [png('a.png'), png('b.png')])).status).toBe(400);
    expect((await upload(adminA, list.id, `${catalog},${catalog}`, [png('a.png'), png('b.png')])).status).toBe(400);
    expect((await upload(adminA, list.id, '999999', [png('a.png')])).body.fields[0].field).toBe('optionIds');
    expect((await upload(adminA, list.id, 'abc', [png('a.png')])).status).toBe(400);
    expect((await upload(adminA, list.id, `${catalog}`, [])).status).toBe(400);
    expect(await folder()).toEqual([]);

    const res = await upload(adminA, list.id, `[${catalog}, ${table}]`, [pdf('catálogo 2026.pdf'), png('../../tabela.png')]);
    expect(res.status).toBe(200);
    const [first, second] = res.body.options as FileListResponse['options'];
    expect(first).toEqual({
      id: catalog,
      name: 'Catálogo',
      path: expect.stringMatching(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.pdf$`)),
      mediaType: 'application/pdf',
      mediaName: 'catálogo 2026.pdf',
    });
    expect(second).toMatchObject({ id: table, mediaType: 'image/png', mediaName: 'tabela.png' });
    expect(second!.path).toMatch(/^company\d+\/[a-f0-9]{32}\.png$/);
    expect([await stored(first!.path!), await stored(second!.path!)]).toEqual([true, true]);
    expect((await t.http().get(`/public/${first!.path}`)).status).toBe(200);
    // The media sweep counts the options' files as referenced.
    await t.app.get(MediaSweep).sweep(0);
    expect([await stored(first!.path!), await stored(second!.path!)]).toEqual([true, true]);

    // A new file for the table replaces (and releases) the old one.
    const replaced = await upload(adminA, list.id, `${table}`, [png('tabela-nova.png')]);
    expect(replaced.status).toBe(200);
    const newTable = replaced.body.options[1].path as string;
    expect(newTable).not.toBe(second!.path);
    expect(await stored(second!.path!)).toBe(false);
    expect(await stored(newTable)).toBe(true);

    // Dropping the catalogue option releases its file; renaming keeps the other.
    const edited = await update(adminA, list.id, { name: 'Materiais 2026', options: [{ id: table, name: 'Tabela 2026' }, { name: 'Novo' }] });
    expect(edited.status).toBe(200);
    expect(edited.body.options).toEqual([
      { id: table, name: 'Tabela 2026', path: newTable, mediaType: 'image/png', mediaName: 'tabela-nova.png' },
      { id: expect.any(Number), name: 'Novo', path: null, mediaType: null, mediaName: null },
    ]);
    expect(await stored(first!.path!)).toBe(false);
    expect((await update(adminA, list.id, { options: [{ id: catalog, name: 'Voltou' }] })).status).toBe(400);

    // Deleting the list releases its files.
    expect((await t.http().delete(`/api/files/${list.id}`).set(adminA.auth)).status).toBe(204);
    expect(await stored(newTable)).toBe(false);
    expect((await t.http().get(`/api/files/${list.id}`).set(adminA.auth)).status).toBe(404);
    expect(await folder()).toEqual([]);
  });

  describe('sent into a ticket', () => {
    let connectionId: number;
    let list: FileListResponse;

    beforeAll(async () => {
      connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
      const created = await newList('Envio', ['Catálogo', 'Foto', 'Sem arquivo']);
      const [catalog, photo] = created.options.map((o) => o.id);
      list = (await upload(adminA, created.id, `${catalog},${photo}`, [pdf('catalogo.pdf'), png('foto.png')]).expect(200)).body;
    });

    it('sends the message with the first file and then the others; the phone acknowledges them', async () => {
      const ticket = await customerWrites(t, adminA, connectionId, '5511944440001', 'Quero o catálogo', 'Rita');
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
      const socket = await connectSocket(t, adminA.token);
      expect(await socket.timeout(2000).emitWithAck('joinChatBox', ticket.id)).toEqual({ ok: true });
      const acks = new Map<number, number>();
      socket.on(`company-${a.company.id}-appMessage`, (p: { action: string; message: { id: number; ack: number } }) => {
        if (p.action === 'update') acks.set(p.message.id, p.message.ack);
      });

      const sent = await t.http().post(`/api/messages/${ticket.id}/file-list/${list.id}`).set(adminA.auth);
      expect(sent.status).toBe(201);
      expect(sent.body).toHaveLength(2);
      expect(sent.body[0]).toMatchObject({ body: 'Mensagem de Envio', fromMe: true, mediaType: 'application', mediaName: 'catalogo.pdf', ticketId: ticket.id });
      expect(sent.body[1]).toMatchObject({ fromMe: true, mediaType: 'image', mediaName: 'foto.png' });
      expect(sent.body.map((m: { mediaUrl: string }) => m.mediaUrl)).toEqual(list.options.slice(0, 2).map((o) => `/public/${o.path}`));
      await waitFor(() => sent.body.every((m: { id: number }) => acks.get(m.id) === 3));
      socket.close();

      const page = await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth);
      expect(page.body.messages.filter((m: { fromMe: boolean }) => m.fromMe).map((m: { mediaName: string }) => m.mediaName)).toEqual([
        'catalogo.pdf',
        'foto.png',
      ]);

      // The files now belong to the conversation too: deleting the list keeps them.
      expect((await t.http().delete(`/api/files/${list.id}`).set(adminA.auth)).status).toBe(204);
      for (const option of list.options.slice(0, 2)) expect(await stored(option.path!)).toBe(true);
      await t.app.get(MediaSweep).sweep(0);
      for (const option of list.options.slice(0, 2)) expect(await stored(option.path!)).toBe(true);
    });

    it('checks the ticket like a message send, and the list like a read', async () => {
      const other = await newList('Outra', []);
      const ticket = await customerWrites(t, adminA, connectionId, '5511944440002', 'Oi', 'Caio');
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
      // A user who may not see the ticket.
      expect((await t.http().post(`/api/messages/${ticket.id}/file-list/${other.id}`).set(userA.auth)).status).toBe(403);
      // Another company: neither the ticket nor the list exists for it.
      expect((await t.http().post(`/api/messages/${ticket.id}/file-list/${other.id}`).set(adminB.auth)).status).toBe(404);
      const missing = await t.http().post(`/api/messages/${ticket.id}/file-list/999999`).set(adminA.auth);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('ERR_NO_FILE_LIST_FOUND');
      expect((await t.http().post(`/api/messages/${ticket.id}/file-list/abc`).set(adminA.auth)).status).toBe(400);
      // A list without files sends its message alone.
      const textOnly = await t.http().post(`/api/messages/${ticket.id}/file-list/${other.id}`).set(adminA.auth);
      expect(textOnly.status).toBe(201);
      expect(textOnly.body).toEqual([expect.objectContaining({ body: 'Mensagem de Outra', mediaType: 'chat' })]);
    });
  });
});
