import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StoragePort } from '../../../src/infra/storage/storage.port.js';
import { connectedSimulator } from '../../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../../utils/factories.js';
import { VOICE_CORPUS, worstVoiceNote } from '../../utils/malformed-voice.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { customerWrites } from '../../utils/tickets.js';
import { TIME_FACTOR } from '../../utils/time.js';

const MB = 1024 * 1024;
/**
 * The event loop may stall this long while a voice note is read (the old demuxer held it 5.6 s for 100 kB and 92 s for
 * 1 MB). Not a benchmark: a generous bound on a shared machine, scaled like every deadline of the tests.
 */
const LOOP_STALL_MS = 1000 * TIME_FACTOR;

interface Figure {
  route: string;
  status: number;
  error: string;
  ms: number;
  rssGrowthMb: number;
  loopMaxMs: number;
}

/**
 * Every file of the malformed corpus (test/utils/malformed-voice.ts), posted as a voice note to a ticket and to the
 * external API: refused with 400 and the reason on the medias field, or sent as the file it is (a malformed Ogg), never
 * a 500; the server answers its health check after each.
 */
describe('security: malformed voice notes', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let ticketId: number;
  let apiAuth: { Authorization: string };
  const figures: Figure[] = [];

  const toTicket = (file: { name: string; data: Buffer; mimetype: string }) =>
    t
      .http()
      .post(`/api/messages/${ticketId}`)
      .set(adminA.auth)
      .field('voiceNote', 'true')
      .attach('medias', file.data, {
        filename: `audio-record-${file.name.replace(/\W+/g, '-')}.${file.mimetype === 'audio/ogg' ? 'ogg' : 'webm'}`,
        contentType: file.mimetype,
      });

  const toExternalApi = (file: { name: string; data: Buffer; mimetype: string }, fields: Record<string, string> = {}) => {
    let request = t.http().post('/api/messages/send').set(apiAuth).field('number', '5511977770001');
    for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
    return request.attach('medias', file.data, { filename: `gravacao.${file.mimetype === 'audio/ogg' ? 'ogg' : 'webm'}`, contentType: file.mimetype });
  };

  const healthy = async () => expect((await t.http().get('/api/health')).body).toEqual({ status: 'ok', database: 'up', redis: 'up' });

  /** The answer to `send`, how long it took, how far the process's memory rose meanwhile and the event loop's longest stall. */
  async function measure(route: string, send: () => Promise<{ status: number; body: { error?: string } }>): Promise<Figure> {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const rss = process.memoryUsage.rss();
    let peak = rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    loop.enable();
    const started = performance.now();
    try {
      const res = await send();
      const ms = Math.round(performance.now() - started);
      peak = Math.max(peak, process.memoryUsage.rss());
      const figure = {
        route,
        status: res.status,
        error: res.body.error ?? '',
        ms,
        rssGrowthMb: Math.round(((peak - rss) / MB) * 10) / 10,
        loopMaxMs: Math.round(loop.max / 1e6),
      };
      figures.push(figure);
      return figure;
    } finally {
      clearInterval(sampler);
      loop.disable();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA } = await twoTenants(t));
    const connection = await connectedSimulator(t, a.company.id, 'Principal');
    ticketId = (await customerWrites(t, adminA, connection.id, '5511977770002', 'Manda o áudio', 'Rui')).id;
    const token = (await t.http().post(`/api/whatsapp/${connection.id}/token`).set(adminA.auth).expect(200)).body.token as string;
    apiAuth = { Authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    if (figures.length)
      console.log(
        `voice bomb figures (before: 100 kB blocked the loop 5.6 s, +585 MB; 1 MB 92 s, then heap OOM):\n${figures.map((f) => JSON.stringify(f)).join('\n')}`,
      );
    await t?.close();
  });

  for (const file of VOICE_CORPUS) {
    it(`${file.name} (${file.mimetype}, ${Math.round(file.data.length / 1024)} kB): ${file.asVoiceNote} as a voice note, never a 500`, async () => {
      const recorded = await toTicket(file);
      if (file.asVoiceNote === 'refused') {
        expect({ status: recorded.status, error: recorded.body.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' });
        expect(recorded.body.fields).toEqual([{ field: 'medias', messages: [expect.stringMatching(/^the recording could not be read: .+/)] }]);
      } else {
        // An Ogg file goes as it came (phones play Ogg either way), with no length when it does not tell one.
        expect(recorded.status).toBe(201);
        expect(recorded.body[0]).toMatchObject({ mediaType: 'audio', mediaUrl: expect.stringMatching(/\.ogg$/) });
      }
      await healthy();

      // The external API has no voiceNote flag: a file it cannot read goes as the file it is.
      const sent = await toExternalApi(file);
      expect({ status: sent.status, body: sent.body }).toEqual({ status: 200, body: expect.objectContaining({ message: 'Mensagem enviada com sucesso' }) });
      // Asking it for a voice note is a validation error, whatever the file.
      const flagged = await toExternalApi(file, { voiceNote: 'true' });
      expect({ status: flagged.status, error: flagged.body.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' });
      await healthy();
    });
  }

  it('keeps none of the refused recordings in storage', async () => {
    const stored: string[] = [];
    for await (const entry of t.app.get(StoragePort).list()) stored.push(entry.path);
    // Refused WebM uploads are removed; the external API's files were sent, so they stay.
    const refusedWebm = stored.filter((path) => path.endsWith('.weba') || path.endsWith('.webm'));
    const externalWebm = VOICE_CORPUS.filter((file) => file.mimetype === 'audio/webm').length;
    expect(refusedWebm.length).toBe(externalWebm);
  });

  it('answers the 1 MB lacing bomb at once, off the event loop, on both routes', async () => {
    const bomb = { name: 'worst', data: worstVoiceNote(MB), mimetype: 'audio/webm' };
    const recorded = await measure('POST /api/messages/:ticketId (voiceNote)', () => toTicket(bomb));
    expect(recorded).toMatchObject({ status: 400, error: 'ERR_VALIDATION' });
    expect(recorded.loopMaxMs).toBeLessThan(LOOP_STALL_MS);
    const sent = await measure('POST /api/messages/send (as a file)', () => toExternalApi(bomb));
    expect(sent.status).toBe(200);
    expect(sent.loopMaxMs).toBeLessThan(LOOP_STALL_MS);
    await healthy();
  });
});
