import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StoragePort } from '../../../src/infra/storage/storage.port.js';
import { connectedSimulator } from '../../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../../utils/factories.js';
import { storedMedia } from '../../utils/stored-media.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { customerWrites } from '../../utils/tickets.js';
import { rawUpload, watchServerSockets } from './raw-upload.js';

const MB = 1024 * 1024;
/** What the server may take from a refused upload: the request head and the first chunks already in flight. */
const FEW_KB = 256 * 1024;

describe('security: uploads', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let adminB: Session;
  let quickMessageId: number;
  let sockets: ReturnType<typeof watchServerSockets>;

  const storedFiles = () => storedMedia(t).paths(a.company.id);

  beforeAll(async () => {
    t = await createTestApp();
    t.config.media.maxUploadBytes = 2 * MB;
    ({ a, b, adminA, adminB } = await twoTenants(t));
    const created = await t.http().post('/api/quick-messages').set(adminA.auth).send({ shortcode: 'anexo', message: 'Segue o anexo' });
    quickMessageId = created.body.id;
    sockets = watchServerSockets(t.app.getHttpServer());
  });
  afterAll(async () => {
    sockets.stop();
    await t.close();
  });

  it('answers 401 to an unauthenticated 90 MB upload after reading a few KB, and closes the connection', async () => {
    const attempts: { path: string; headers: Record<string, string> }[] = [
      { path: '/api/messages/1', headers: {} },
      { path: `/api/quick-messages/${quickMessageId}/media-upload`, headers: { Authorization: 'Bearer not-a-token' } },
      { path: '/api/messages/send', headers: { Authorization: 'Bearer unknown-connection-token' } },
    ];
    for (const attempt of attempts) {
      const result = await rawUpload(t.baseUrl, { ...attempt, fileBytes: 90 * MB, intervalMs: 2 });
      expect({ path: attempt.path, status: result.status }).toEqual({ path: attempt.path, status: 401 });
      expect(result.headers.toLowerCase()).toContain('connection: close');
      expect(result.closedEarly).toBe(true);
      expect(sockets.bytesReadFrom(result.localPort)).toBeLessThan(FEW_KB);
    }
  });

  it('asks a client that waits for 100-continue for its body only once the route reads it', async () => {
    const refused = await rawUpload(t.baseUrl, { path: '/api/messages/1', headers: { Expect: '100-continue' }, fileBytes: 90 * MB, intervalMs: 2 });
    expect(refused.status).toBe(401);
    expect(refused.continued).toBe(false);
    expect(sockets.bytesReadFrom(refused.localPort)).toBeLessThan(FEW_KB);
    const accepted = await rawUpload(t.baseUrl, {
      path: `/api/quick-messages/${quickMessageId}/media-upload`,
      headers: { ...adminA.auth, Expect: '100-continue' },
      field: 'file',
      contentType: 'application/pdf',
      fileBytes: 64 * 1024,
    });
    expect(accepted.continued).toBe(true);
    expect(accepted.status).toBe(200);
  });

  it('refuses ten unauthenticated 90 MB uploads at once, reading a few KB of each', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => rawUpload(t.baseUrl, { path: '/api/messages/1', fileBytes: 90 * MB, intervalMs: 2 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
    for (const result of results) expect(sockets.bytesReadFrom(result.localPort)).toBeLessThan(FEW_KB);
  });

  it('streams an authenticated upload into the company folder', async () => {
    const before = await storedFiles();
    const result = await rawUpload(t.baseUrl, {
      path: `/api/quick-messages/${quickMessageId}/media-upload`,
      headers: adminA.auth,
      field: 'file',
      fileName: 'catálogo.pdf',
      contentType: 'application/pdf',
      fileBytes: 1.5 * MB,
    });
    expect(result.status).toBe(200);
    const body = JSON.parse(result.body);
    expect(body.mediaPath).toMatch(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.pdf$`));
    expect((await t.app.get(StoragePort).stat(body.mediaPath))!.size).toBe(1.5 * MB);
    expect((await storedFiles()).filter((f) => !before.includes(f))).toEqual([body.mediaPath]);
  });

  it('stops a file past the route limit with 413 ERR_MEDIA_TOO_LARGE, removes the partial file and reads no further', async () => {
    const before = await storedFiles();
    const result = await rawUpload(t.baseUrl, {
      path: `/api/quick-messages/${quickMessageId}/media-upload`,
      headers: adminA.auth,
      field: 'file',
      contentType: 'application/pdf',
      fileBytes: 40 * MB,
      intervalMs: 1,
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'ERR_MEDIA_TOO_LARGE', maxBytes: 2 * MB });
    expect(result.closedEarly).toBe(true);
    expect(sockets.bytesReadFrom(result.localPort)).toBeLessThan(2 * MB + FEW_KB);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses more files than the route takes, and a type it does not store, keeping none of them', async () => {
    const before = await storedFiles();
    let tooMany = t.http().post('/api/messages/999999').set(adminA.auth).field('body', 'fotos');
    for (let i = 0; i < 11; i++) tooMany = tooMany.attach('medias', Buffer.from(`%PDF-1.4 ${i}`), { filename: `f${i}.pdf`, contentType: 'application/pdf' });
    const counted = await tooMany;
    expect(counted.status).toBe(400);
    expect(counted.body).toMatchObject({ error: 'ERR_TOO_MANY_FILES', fields: [{ field: 'medias' }] });

    const typed = await t
      .http()
      .post(`/api/quick-messages/${quickMessageId}/media-upload`)
      .set(adminA.auth)
      .attach('file', Buffer.from('MZ'), { filename: 'setup.exe', contentType: 'application/x-msdownload' });
    expect(typed.status).toBe(415);
    expect(typed.body.error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');

    const wrongField = await t.http().post(`/api/quick-messages/${quickMessageId}/media-upload`).set(adminA.auth).attach('other', Buffer.from('x'), 'a.txt');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.fields).toEqual([{ field: 'other', messages: ['files go in the field file'] }]);
    expect(await storedFiles()).toEqual(before);
  });

  it('removes the files of an upload that validation refuses', async () => {
    const before = await storedFiles();
    const refused = await t
      .http()
      .post('/api/messages/not-a-number')
      .set(adminA.auth)
      .attach('medias', Buffer.from('%PDF-1.4'), { filename: 'a.pdf', contentType: 'application/pdf' });
    expect(refused.status).toBe(400);
    expect(await storedFiles()).toEqual(before);
  });

  it("writes nothing for an upload to a record that does not exist or is another company's, on every upload route", async () => {
    // Company B's records, one per upload route.
    const created = async (path: string, body: Record<string, unknown>) => {
      const res = await t.http().post(path).set(adminB.auth).send(body);
      expect([path, res.status]).toEqual([path, 201]);
      return res.body.id as number;
    };
    const queueB = await created('/api/queue', { name: 'Fila de B', color: '#0a0b0c', greetingMessage: 'Olá' });
    const connectionB = await connectedSimulator(t, b.company.id);
    const ofB: Record<string, number> = {
      queue: queueB,
      queueOption: await created('/api/queue-options', { queueId: queueB, title: 'Opção de B', message: 'Olá' }),
      quickMessage: await created('/api/quick-messages', { shortcode: 'anexo-b', message: 'De B' }),
      campaign: await created('/api/campaigns', { name: 'Campanha de B', message1: 'Oi' }),
      contactList: await created('/api/contact-lists', { name: 'Lista de B' }),
      fileList: await created('/api/files', { name: 'Arquivos de B', message: 'Seguem', options: [{ name: 'Catálogo' }] }),
      ticket: (await customerWrites(t, adminB, connectionB.id, '5511977770001', 'Oi, sou cliente de B')).id,
    };
    const absent = Object.fromEntries(Object.keys(ofB).map((key) => [key, 2_147_483_647]));
    const pdf = { bytes: Buffer.from('%PDF-1.4\n'), filename: 'a.pdf', contentType: 'application/pdf' };
    const csv = { bytes: Buffer.from('nome,numero\nAna,5511999990000\n'), filename: 'lista.csv', contentType: 'text/csv' };
    const routes = (id: Record<string, number>) => [
      { path: `/api/queue/${id.queue}/media-upload`, field: 'file', part: pdf, fields: {} },
      { path: `/api/queue-options/${id.queueOption}/media-upload`, field: 'file', part: pdf, fields: {} },
      { path: `/api/quick-messages/${id.quickMessage}/media-upload`, field: 'file', part: pdf, fields: {} },
      { path: `/api/campaigns/${id.campaign}/media-upload`, field: 'file', part: pdf, fields: {} },
      { path: `/api/contact-lists/${id.contactList}/upload`, field: 'file', part: csv, fields: {} },
      { path: `/api/files/uploadList/${id.fileList}`, field: 'files', part: pdf, fields: { optionIds: '1' } },
      { path: `/api/messages/${id.ticket}`, field: 'medias', part: pdf, fields: { body: 'Segue' } },
    ];

    const before = await storedFiles();
    for (const route of [...routes(ofB), ...routes(absent)]) {
      let req = t.http().post(route.path).set(adminA.auth);
      for (const [name, value] of Object.entries(route.fields)) req = req.field(name, value);
      const res = await req.attach(route.field, route.part.bytes, { filename: route.part.filename, contentType: route.part.contentType });
      expect([route.path, res.status]).toEqual([route.path, 404]);
      // Removed before the answer, not by the hourly sweep.
      expect([route.path, await storedFiles()]).toEqual([route.path, before]);
    }

    // Announcements are global: a super user's upload to one that does not exist leaves nothing either.
    const root = await login(t, (await createUser(t, a.company, 'admin', { super: true, email: `root-upload-${Date.now()}@test.example` })).email);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const announcement = await t
      .http()
      .post('/api/announcements/2147483647/media-upload')
      .set(root.auth)
      .attach('file', png, { filename: 'aviso.png', contentType: 'image/png' });
    expect(announcement.status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a JSON body past the small JSON limit with 413 before reading it', async () => {
    const huge = await rawUpload(t.baseUrl, { path: '/api/auth/login', fileBytes: 50 * MB, intervalMs: 2 });
    // multipart to a JSON route: the route never reads it; the answer comes without the body.
    expect(huge.closedEarly).toBe(true);
    expect(sockets.bytesReadFrom(huge.localPort)).toBeLessThan(FEW_KB);
    const json = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":"${'a'.repeat(200 * 1024)}"}`);
    expect(json.status).toBe(413);
    expect(json.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });
});
