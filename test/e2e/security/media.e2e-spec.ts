import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MediaLinks } from '../../../src/infra/storage/media-links.js';
import { MediaSweep } from '../../../src/modules/media/media-sweep.js';
import { connectedSimulator, drainPipeline, waitFor } from '../../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { type FakeWebhook, startFakeWebhook } from '../../utils/fake-services.js';
import { storedMedia } from '../../utils/stored-media.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { customerWrites } from '../../utils/tickets.js';

const PDF = Buffer.from('%PDF-1.4 orçamento');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('security: stored media', () => {
  let t: TestApp;
  let webhook: FakeWebhook;
  let tenant: TenantFixture;
  let admin: Session;
  let connectionId: number;
  let phone = 0;

  const stored = (path: string) => storedMedia(t).has(path);
  const nextPhone = () => `55119777${String(++phone).padStart(5, '0')}`;
  /** A ticket with one message of ours carrying a PDF; answers the ticket, message and file path. */
  async function conversationWithFile() {
    const ticket = await customerWrites(t, admin, connectionId, nextPhone(), 'Oi');
    const sent = await t
      .http()
      .post(`/api/messages/${ticket.id}`)
      .set(admin.auth)
      .field('body', 'segue')
      .attach('medias', PDF, { filename: 'orcamento.pdf', contentType: 'application/pdf' });
    expect(sent.status).toBe(201);
    const path = String(sent.body[0].mediaUrl).replace(/^\/public\//, '');
    expect(await stored(path)).toBe(true);
    return { ticket, message: sent.body[0] as { id: number }, path };
  }

  beforeAll(async () => {
    webhook = await startFakeWebhook();
    t = await createTestApp();
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    connectionId = (await connectedSimulator(t, tenant.company.id, 'Mídia')).id;
  });
  afterAll(async () => {
    await t.close();
    await webhook.close();
  });

  it('removes the media of deleted tickets, contacts and messages in the sweep job, not in the request', async () => {
    const byTicket = await conversationWithFile();
    const byContact = await conversationWithFile();
    const byMessage = await conversationWithFile();
    const kept = await conversationWithFile();

    expect((await t.http().delete(`/api/tickets/${byTicket.ticket.id}`).set(admin.auth)).status).toBeLessThan(300);
    expect((await t.http().delete(`/api/contacts/${byContact.ticket.contact.id}`).set(admin.auth)).status).toBeLessThan(300);
    const revoked = await t.http().delete(`/api/messages/${byMessage.message.id}`).set(admin.auth);
    expect(revoked.body).toMatchObject({ isDeleted: true });
    // The deleting requests leave the files to the job.
    expect(await Promise.all([byTicket, byContact, byMessage].map((c) => stored(c.path)))).toEqual([true, true, true]);

    const result = await t.app.get(MediaSweep).sweep(0);
    expect(result).toEqual({ released: 1, orphans: 2 });
    expect(await Promise.all([byTicket, byContact, byMessage].map((c) => stored(c.path)))).toEqual([false, false, false]);
    expect(await stored(kept.path)).toBe(true);
    // The deleted message keeps its row, without the file.
    const page = await t.http().get(`/api/messages/${byMessage.ticket.id}`).set(admin.auth);
    expect(page.body.messages.find((m: { id: number }) => m.id === byMessage.message.id)).toMatchObject({ isDeleted: true, mediaUrl: null });
  });

  it('keeps files that a row references, and orphans younger than the grace period', async () => {
    const quick = await t.http().post('/api/quick-messages').set(admin.auth).send({ shortcode: 'catalogo', message: 'Catálogo' });
    const upload = await t
      .http()
      .post(`/api/quick-messages/${quick.body.id}/media-upload`)
      .set(admin.auth)
      .attach('file', PDF, { filename: 'catalogo.pdf', contentType: 'application/pdf' });
    const quickPath = upload.body.mediaPath as string;
    const young = `company${tenant.company.id}/${'a'.repeat(32)}.pdf`;
    const old = `company${tenant.company.id}/${'b'.repeat(32)}.pdf`;
    await storedMedia(t).plant(young, PDF);
    await storedMedia(t).plant(old, PDF, new Date(Date.now() - 2 * 3600_000));

    await t.app.get(MediaSweep).sweep();
    expect(await Promise.all([stored(quickPath), stored(young), stored(old)])).toEqual([true, true, false]);
    await t.app.get(MediaSweep).sweep(0);
    expect(await Promise.all([stored(quickPath), stored(young)])).toEqual([true, false]);
  });

  it('serves media with private caching only', async () => {
    const { path } = await conversationWithFile();
    const res = await t.http().get(`/public/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    expect(res.headers['cache-control']).not.toContain('public');
    expect((await t.http().get(`/public/company${tenant.company.id}/${'c'.repeat(32)}.pdf`)).status).toBe(404);
  });

  it('hands integrations a signed link that expires and does not reveal the file path', async () => {
    const other = await createTenant(t);
    const otherAdmin = await login(t, other.admin.email);
    const otherConnection = (await connectedSimulator(t, other.company.id, 'Gancho')).id;
    await t
      .http()
      .put(`/api/whatsapp/${otherConnection}`)
      .set(otherAdmin.auth)
      .send({ greetingMessage: 'Olá', queueIds: [other.queues[0]!.id] })
      .expect(200);
    const integration = await t
      .http()
      .post('/api/queueIntegration')
      .set(otherAdmin.auth)
      .send({ type: 'webhook', name: 'Gancho', urlN8N: `${webhook.url}/hook` });
    expect(integration.status).toBe(201);
    await t.http().put(`/api/queue/${other.queues[0]!.id}`).set(otherAdmin.auth).send({ integrationId: integration.body.id }).expect(200);
    webhook.reset();
    webhook.reply({ messages: [] });

    const inbound = await t
      .http()
      .post(`/api/dev/simulator/${otherConnection}/inbound`)
      .set(otherAdmin.auth)
      .send({ type: 'media', from: nextPhone(), name: 'Ana', id: 'MEDIA-LINK-1', mediaBase64: PNG.toString('base64'), mimetype: 'image/png', body: 'foto' });
    expect(inbound.status).toBe(202);
    await drainPipeline(t);
    const event = await waitFor(() => webhook.requests[0]?.body as { message: { mediaUrl: string; mediaType: string } } | undefined);
    const { mediaUrl } = event.message;
    expect(event.message.mediaType).toBe('image');
    expect(mediaUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+$/);
    expect(mediaUrl).not.toContain('company');

    const fetched = await t.http().get(mediaUrl).buffer(true);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(fetched.body as Buffer, PNG)).toBe(0);
    expect(fetched.headers['cache-control']).toBe('private, no-store');

    const token = mediaUrl.split('/').pop()!;
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect((await t.http().get(`/media/${tampered}`)).body).toMatchObject({ error: 'ERR_MEDIA_LINK_INVALID' });

    const links = t.app.get(MediaLinks);
    const path = (await t.em().getConnection().execute<Array<{ media_path: string }>>("select media_path from messages where provider_id = 'MEDIA-LINK-1'"))[0]!
      .media_path;
    const expired = links.url(path, Date.now() - (t.config.media.linkTtlSeconds + 5) * 1000);
    const gone = await t.http().get(expired);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ error: 'ERR_MEDIA_LINK_EXPIRED' });
    expect(links.open(token)).toEqual({ path });
  });
});
