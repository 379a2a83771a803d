import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createS3Client } from '../../src/infra/storage/s3-client.js';
import { MediaLinks } from '../../src/infra/storage/media-links.js';
import { MediaSweep } from '../../src/modules/media/media-sweep.js';
import { connectedSimulator } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { type S3TestServer, startS3Server } from '../utils/s3-server.mjs';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4 orçamento em S3');

/** The app with STORAGE=s3 against an S3 test server of its own (stopped halfway to show an outage). */
describe('media in an S3 bucket', () => {
  let server: S3TestServer;
  let t: TestApp;
  let bucket: S3Client;
  let tenant: TenantFixture;
  let admin: Session;
  let connectionId: number;
  let phone = 0;

  /** What the bucket holds, read with a client of its own: key → size. */
  async function objects(): Promise<Map<string, number>> {
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: t.config.storage.s3!.bucket }));
    return new Map((listed.Contents ?? []).map((object) => [object.Key!, object.Size!]));
  }

  /** A message of ours carrying `file` in a new conversation; answers the stored path. */
  async function sendFile(file: Buffer, filename: string, contentType: string): Promise<string> {
    const ticket = await customerWrites(t, admin, connectionId, `55119666${String(++phone).padStart(5, '0')}`, 'Oi');
    const sent = await t.http().post(`/api/messages/${ticket.id}`).set(admin.auth).field('body', 'segue').attach('medias', file, { filename, contentType });
    expect(sent.status).toBe(201);
    return String(sent.body[0].mediaUrl).replace(/^\/public\//, '');
  }

  beforeAll(async () => {
    server = await startS3Server();
    t = await createTestApp({ storage: { driver: 's3', s3: server.config } });
    bucket = createS3Client(t.config.storage.s3!);
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    connectionId = (await connectedSimulator(t, tenant.company.id, 'S3')).id;
  });
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await server?.stop();
  });

  it('keeps an upload in the bucket and serves it at /public, whole, by range or its headers only', async () => {
    const path = await sendFile(PDF, 'orcamento.pdf', 'application/pdf');
    expect(path).toMatch(new RegExp(`^company${tenant.company.id}/[a-f0-9]{32}\\.pdf$`));
    expect((await objects()).get(path)).toBe(PDF.length);
    expect(existsSync(join(t.config.dataDir, 'public'))).toBe(false);

    const res = await t.http().get(`/public/${path}`).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-length': String(PDF.length), 'accept-ranges': 'bytes' });
    expect(res.headers['cache-control']).toBe('private, max-age=604800, immutable');

    const head = await t.http().head(`/public/${path}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(PDF.length));

    const part = await t.http().get(`/public/${path}`).set('Range', 'bytes=0-3').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
    expect((part.body as Buffer).toString()).toBe('%PDF');
    expect(
      (
        await t
          .http()
          .get(`/public/${path}`)
          .set('Range', `bytes=${PDF.length + 10}-`)
      ).status,
    ).toBe(416);

    const missing = await t.http().get(`/public/company${tenant.company.id}/${'c'.repeat(32)}.pdf`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'ERR_NOT_FOUND' });
    for (const bad of [`/public/company${tenant.company.id}/orcamento.pdf`, '/public/..%2F..%2Fetc%2Fpasswd', '/public/x']) {
      expect((await t.http().get(bad)).status).toBe(404);
    }
    expect((await t.http().post(`/public/${path}`)).status).toBe(405);
  });

  it('serves a signed link from the bucket until it expires', async () => {
    const path = await sendFile(PDF, 'link.pdf', 'application/pdf');
    const links = t.app.get(MediaLinks);
    const url = links.url(path);
    const fetched = await t.http().get(url).buffer(true);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(fetched.body as Buffer, PDF)).toBe(0);
    expect(fetched.headers['cache-control']).toBe('private, no-store');
    expect((await t.http().head(url)).status).toBe(200);

    const gone = await t.http().get(links.url(path, Date.now() - (t.config.media.linkTtlSeconds + 5) * 1000));
    expect(gone.status).toBe(410);
    const token = url.split('/').pop()!;
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect((await t.http().get(`/media/${tampered}`)).body).toMatchObject({ error: 'ERR_MEDIA_LINK_INVALID' });
    const deleted = links.url(`company${tenant.company.id}/${'e'.repeat(32)}.pdf`);
    expect((await t.http().get(deleted)).body).toMatchObject({ error: 'ERR_MEDIA_LINK_INVALID' });
  });

  it('streams a large upload through a multipart upload, and refuses one past the route limit leaving nothing', async () => {
    const video = Buffer.alloc(12 * MB + 321, 7);
    const quick = await t.http().post('/api/quick-messages').set(admin.auth).send({ shortcode: 'video', message: 'Vídeo' });
    const started = Date.now();
    const upload = await t
      .http()
      .post(`/api/quick-messages/${quick.body.id}/media-upload`)
      .set(admin.auth)
      .attach('file', video, { filename: 'video.mp4', contentType: 'video/mp4' });
    expect(upload.status).toBe(200);
    console.log(`12 MB upload into the bucket: ${Date.now() - started} ms`);
    expect((await objects()).get(upload.body.mediaPath)).toBe(video.length);
    expect(server.pendingUploads()).toEqual([]);

    const before = await objects();
    const list = await t.http().post('/api/contact-lists').set(admin.auth).send({ name: 'Grande' });
    const tooLarge = await t
      .http()
      .post(`/api/contact-lists/${list.body.id}/upload`)
      .set(admin.auth)
      .attach('file', Buffer.alloc(21 * MB, 1), { filename: 'enorme.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: 'ERR_MEDIA_TOO_LARGE' });
    expect(await objects()).toEqual(before);
    expect(server.pendingUploads()).toEqual([]);
  });

  it('sweeps an old orphan out of the bucket and keeps referenced and young files', async () => {
    const kept = await sendFile(PDF, 'fica.pdf', 'application/pdf');
    const old = `company${tenant.company.id}/${'b'.repeat(32)}.pdf`;
    const young = `company${tenant.company.id}/${'a'.repeat(32)}.pdf`;
    const media = storedMedia(t, server.directory);
    await media.plant(old, PDF, new Date(Date.now() - 2 * 3600_000));
    await media.plant(young, PDF);

    await t.app.get(MediaSweep).sweep();
    const after = await objects();
    expect([after.has(kept), after.has(young), after.has(old)]).toEqual([true, true, false]);
  });

  it('answers 503 with Retry-After while the bucket is unreachable, and serves again once it is back', async () => {
    const path = await sendFile(PDF, 'volta.pdf', 'application/pdf');
    const url = t.app.get(MediaLinks).url(path);
    await server.stop({ keepData: true });
    try {
      for (const res of [await t.http().get(`/public/${path}`), await t.http().head(`/public/${path}`), await t.http().get(url)]) {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
      expect((await t.http().get(`/public/${path}`)).body).toMatchObject({ error: 'ERR_SERVICE_UNAVAILABLE' });
      const quick = await t.http().post('/api/quick-messages').set(admin.auth).send({ shortcode: 'fora', message: 'Fora do ar' });
      const refused = await t
        .http()
        .post(`/api/quick-messages/${quick.body.id}/media-upload`)
        .set(admin.auth)
        .attach('file', PDF, { filename: 'fora.pdf', contentType: 'application/pdf' });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: 'ERR_SERVICE_UNAVAILABLE' });
      expect((await t.http().get('/api/health')).status).toBeLessThan(500);
    } finally {
      server = await startS3Server({ directory: server.directory, port: server.port });
    }
    const back = await t.http().get(`/public/${path}`).buffer(true);
    expect(back.status).toBe(200);
    expect(Buffer.compare(back.body as Buffer, PDF)).toBe(0);
  });
});
