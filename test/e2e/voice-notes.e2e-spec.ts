import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StoragePort } from '../../src/infra/storage/storage.port.js';
import { webmToOgg } from '../../src/modules/media/voice/webm-to-ogg.js';
import { wire } from '../utils/campaigns.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

/** 2.46 s recorded by Chromium's MediaRecorder (see test/fixtures/voice/README.md). */
const WEBM = readFileSync(new URL('../fixtures/voice/chromium-recording.webm', import.meta.url));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Runs the built `npm run simulate` against the test server, with its data directory (so its simulator secret). */
function simulate(t: TestApp, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/src/simulate.js', ...args, '--url', t.baseUrl], {
      env: { ...process.env, DATA_DIR: t.config.dataDir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

interface WireMedia {
  mimetype: string;
  ptt: boolean;
  seconds: number | null;
  bytes: number;
  sha256: string;
}

describe('voice notes', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let adminB: Session;
  let connectionId: number;

  const record = (ticketId: number, session: Session, file: Buffer, contentType: string, voiceNote = 'true') =>
    t
      .http()
      .post(`/api/messages/${ticketId}`)
      .set(session.auth)
      .field('voiceNote', voiceNote)
      .attach('medias', file, { filename: `audio-record-${Date.now()}.${contentType.includes('ogg') ? 'ogg' : 'webm'}`, contentType });

  const wired = (providerId: string) =>
    waitFor(() => (wire(t, connectionId) as Array<{ providerId: string; media?: WireMedia }>).find((entry) => entry.providerId === providerId));

  const listed = async (ticketId: number) => {
    const res = await t.http().get('/api/tickets').query({ showAll: true }).set(adminA.auth).expect(200);
    return (res.body.tickets as Array<{ id: number; lastMessagePreview: unknown }>).find((ticket) => ticket.id === ticketId);
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('sends a Chromium WebM recording as an Ogg/Opus push-to-talk voice note with its length', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440001', 'Manda um áudio', 'Rita');
    const sent = await record(ticket.id, adminA, WEBM, 'audio/webm;codecs=opus');
    expect(sent.status).toBe(201);
    const message = sent.body[0];
    expect(message).toMatchObject({ mediaType: 'audio', body: '', fromMe: true, mediaSeconds: 2 });
    expect(message.mediaUrl).toMatch(new RegExp(`^/public/company${a.company.id}/[a-f0-9]{32}\\.ogg$`));

    // What WhatsApp received is the stored Ogg file, as a voice note with its whole seconds.
    const served = await t
      .http()
      .get(message.mediaUrl)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^audio\/ogg/);
    const ogg = served.body as Buffer;
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(ogg.equals(webmToOgg(WEBM, ogg.readUInt32LE(14)).ogg)).toBe(true);
    const entry = await wired(message.providerId);
    expect(entry.media).toEqual({ mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 2, bytes: ogg.length, sha256: sha256(ogg) });

    // The ticket list shows the length, never the recorder's file name.
    expect((await listed(ticket.id))?.lastMessagePreview).toEqual({ kind: 'audio', seconds: 2 });
    const page = await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth).expect(200);
    expect(page.body.messages.at(-1)).toMatchObject({ id: message.id, mediaSeconds: 2, mediaName: expect.stringMatching(/^audio-record-/) });
  });

  it('passes an Ogg/Opus recording (Firefox) through, reading its length from the last granule', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440002', 'Oi', 'Tom');
    const { ogg } = webmToOgg(WEBM);
    const sent = await record(ticket.id, adminA, ogg, 'audio/ogg;codecs=opus');
    expect(sent.status).toBe(201);
    expect(sent.body[0]).toMatchObject({ mediaType: 'audio', body: '', mediaSeconds: 2 });
    const entry = await wired(sent.body[0].providerId);
    expect(entry.media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 2, sha256: sha256(ogg) });
  });

  it('refuses a recording that is not audio it can read, and a voiceNote flag that is not a boolean', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440003', 'Oi', 'Lia');
    const broken = await record(ticket.id, adminA, Buffer.from('not a webm recording at all'), 'audio/webm;codecs=opus');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('ERR_VALIDATION');
    const flag = await record(ticket.id, adminA, WEBM, 'audio/webm;codecs=opus', 'maybe');
    expect(flag.status).toBe(400);
    const messages = await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth).expect(200);
    expect(messages.body.messages.filter((m: { fromMe: boolean }) => m.fromMe)).toEqual([]);
    // Neither the refused upload nor any WebM replaced by its Ogg copy stays in storage.
    const stored: string[] = [];
    for await (const entry of t.app.get(StoragePort).list()) stored.push(entry.path);
    expect(stored.filter((path) => path.endsWith('.weba'))).toEqual([]);
    expect(stored.some((path) => path.endsWith('.ogg'))).toBe(true);
  });

  it('does not let another company record into the ticket', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440004', 'Oi', 'Gil');
    const other = await record(ticket.id, adminB, WEBM, 'audio/webm;codecs=opus');
    expect(other.status).toBe(404);
  });

  it('keeps the length of a received voice note for the preview', async () => {
    const { ogg } = webmToOgg(WEBM);
    const id = `VOICE${Date.now().toString(36)}`;
    await t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(adminA.auth)
      .send({
        id,
        from: '5511944440005',
        name: 'Edu',
        type: 'media',
        mimetype: 'audio/ogg; codecs=opus',
        mediaBase64: ogg.toString('base64'),
        seconds: 12,
        voiceNote: true,
      })
      .expect(202);
    await drainPipeline(t);
    const [row] = await t
      .em()
      .getConnection()
      .execute<Array<{ ticket_id: number; media_seconds: number; media_path: string }>>(
        'select ticket_id, media_seconds, media_path from messages where provider_id = ?',
        [id],
      );
    expect(row).toMatchObject({ media_seconds: 12 });
    expect(row!.media_path).toMatch(/\.ogg$/);
    expect((await listed(row!.ticket_id))?.lastMessagePreview).toEqual({ kind: 'audio', seconds: 12 });
    const bad = await t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(adminA.auth)
      .send({ from: '5511944440005', type: 'media', mimetype: 'audio/ogg', mediaBase64: ogg.toString('base64'), seconds: -1 });
    expect(bad.status).toBe(400);
  });

  it('lets `npm run simulate -- voice` send a customer voice note from a WebM recording, with its measured length', async () => {
    const from = '5511944440006';
    const run = await simulate(t, [
      'voice',
      '--from',
      from,
      '--name',
      'Ivo',
      '--connection',
      String(connectionId),
      '--file',
      'test/fixtures/voice/chromium-recording.webm',
    ]);
    expect(run.out).toContain('sent to');
    expect(run.code).toBe(0);
    await drainPipeline(t);
    const rows = await t
      .em()
      .getConnection()
      .execute<Array<{ media_type: string; media_seconds: number; media_path: string }>>(
        `select m.media_type, m.media_seconds, m.media_path from messages m join contacts c on c.id = m.contact_id where c.number = ?`,
        [from],
      );
    expect(rows).toEqual([{ media_type: 'audio', media_seconds: 2, media_path: expect.stringMatching(/\.ogg$/) }]);
    const stated = await simulate(t, [
      'voice',
      '--from',
      from,
      '--connection',
      String(connectionId),
      '--file',
      'test/fixtures/voice/chromium-recording.webm',
      '--seconds',
      'x',
    ]);
    expect(stated.code).toBe(1);
    expect(stated.out).toContain('--seconds must be a whole number');
  });
});
