import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeGraphApi, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { cloudChannels, cloudSettings, cloudWebhookUrl, startCloudConnection } from '../utils/cloud.js';

const APP_SECRET = 'meta-app-secret-of-the-actions-test';
const EXPIRED_TOKEN = 'EAAG-expired-token-of-the-test';
const CUSTOMER = '5511977770101';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built `npm run simulate`, as a newcomer runs it. */
function simulate(args: string[]): Promise<Run> {
  const { PORT: _port, DATA_DIR: _dataDir, ...inherited } = process.env;
  const child = spawn(process.execPath, ['dist/src/simulate.js', ...args], { env: { ...inherited, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * What an admin does with a Cloud API connection beyond sending: "Testar conexão" against the Graph API fake, a send
 * Meta reports failed after accepting it, and `npm run simulate` playing a customer of the connection through the fake.
 */
describe('Cloud API connection actions', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let cloudId: number;
  let expiredId: number;
  let simulatorId: number;
  const tmp = mkdtempSync(join(tmpdir(), 'cloud-actions-'));

  const test = (id: number, session: Session) => t.http().post(`/api/whatsapp/${id}/cloud/test`).set(session.auth);

  beforeAll(async () => {
    const graphPort = await freePort();
    t = await createTestApp({
      channels: cloudChannels(graphPort),
    });
    ({ a, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 5 } }));
    const created = await t
      .http()
      .post('/api/whatsapp')
      .set(adminA.auth)
      .send({ name: 'Meta', provider: 'cloud', cloud: cloudSettings(APP_SECRET) });
    cloudId = created.body.id;
    const expired = await t
      .http()
      .post('/api/whatsapp')
      .set(adminA.auth)
      .send({ name: 'Meta antiga', provider: 'cloud', cloud: cloudSettings(APP_SECRET, EXPIRED_TOKEN) });
    expiredId = expired.body.id;
    simulatorId = (await connectedSimulator(t, a.company.id, 'Simulada')).id;
    fake = await startFakeGraphApi({ port: graphPort, appSecret: APP_SECRET, webhookUrl: cloudWebhookUrl(t, cloudId) });
    await startCloudConnection(t, adminA, cloudId);
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  describe('"Testar conexão"', () => {
    it('answers the number Meta reports for the stored credentials', async () => {
      const res = await test(cloudId, adminA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ displayPhoneNumber: '15550783881', verifiedName: 'Loja Exemplo', qualityRating: 'GREEN', codeVerificationStatus: 'VERIFIED' });
      expect(fake.requests.at(-1)!.path).toContain('code_verification_status');
    });

    it('answers an expired token with its catalogued code and never the token', async () => {
      const res = await test(expiredId, adminA);
      expect(res.status).toBe(424);
      expect(res.body.error).toBe('ERR_CLOUD_TOKEN_EXPIRED');
      expect(JSON.stringify(res.body)).not.toContain(EXPIRED_TOKEN);
      expect(JSON.stringify(res.body)).not.toContain(APP_SECRET);
    });

    it('refuses a connection of another provider with a catalogued code', async () => {
      const res = await test(simulatorId, adminA);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_CLOUD_NOT_CLOUD_CONNECTION');
    });

    it("answers 404 for another company's connection, 400 for a bad id, 403 for a lower role", async () => {
      expect((await test(cloudId, adminB)).status).toBe(404);
      expect((await t.http().post('/api/whatsapp/abc/cloud/test').set(adminA.auth)).status).toBe(400);
      expect((await test(cloudId, userA)).status).toBe(403);
    });
  });

  describe('a send Meta reports failed', () => {
    it('is stored on the message with the mapped code and Meta’s words, and emitted live', async () => {
      expect(await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, { from: CUSTOMER, profileName: 'Fábio', type: 'text', text: { body: 'Oi' } })).toBe(200);
      await drainPipeline(t);
      const [{ ticket_id: ticketId }] = (await rows<{ ticket_id: number }>(
        t,
        "select ticket_id from messages where company_id = ? and body = 'Oi' and whatsapp_id = ?",
        [a.company.id, cloudId],
      )) as [{ ticket_id: number }];
      await t.http().put(`/api/tickets/${ticketId}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
      const socket = await connectSocket(t, adminA.token);
      expect(await socket.timeout(2000).emitWithAck('joinChatBox', ticketId)).toEqual({ ok: true });
      const updates: Array<{ body: string; sendError?: { code: string; detail: string } | null }> = [];
      socket.on(`company-${a.company.id}-appMessage`, (p: { action: string; message: (typeof updates)[number] }) => {
        if (p.action === 'update') updates.push(p.message);
      });

      fake.setAutoStatuses(false);
      const sent = await t.http().post(`/api/messages/${ticketId}`).set(adminA.auth).send({ body: 'Não vai chegar' });
      expect(sent.status).toBe(201);
      const wire = fake.wire.at(-1)!;
      const failed = {
        id: wire.id,
        recipient_id: CUSTOMER,
        status: 'failed' as const,
        errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }],
      };
      expect(await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, failed)).toBe(200);
      // Meta repeats deliveries: the second changes nothing and emits nothing.
      expect(await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, failed)).toBe(200);
      const [row] = await rows<{ send_error_code: string; send_error: string }>(t, 'select send_error_code, send_error from messages where provider_id = ?', [
        wire.id,
      ]);
      expect(row).toEqual({ send_error_code: 'ERR_CLOUD_UNDELIVERABLE', send_error: '131026 Message undeliverable: Message Undeliverable.' });
      await waitFor(() => updates.some((m) => m.sendError?.code === 'ERR_CLOUD_UNDELIVERABLE'));
      expect(updates.filter((m) => m.sendError)).toEqual([
        expect.objectContaining({
          body: 'Não vai chegar',
          sendError: { code: 'ERR_CLOUD_UNDELIVERABLE', detail: '131026 Message undeliverable: Message Undeliverable.' },
        }),
      ]);
      socket.close();
      // The conversation's page shows it too.
      const page = await t.http().get(`/api/messages/${ticketId}`).set(adminA.auth);
      expect(page.body.messages.find((m: { body: string }) => m.body === 'Não vai chegar').sendError).toEqual({
        code: 'ERR_CLOUD_UNDELIVERABLE',
        detail: '131026 Message undeliverable: Message Undeliverable.',
      });
      fake.setAutoStatuses(true);
    });
  });

  describe('npm run simulate on a Cloud API connection', () => {
    const cli = (args: string[]) => simulate([...args, '--url', t.baseUrl, '--secret', t.config.simulatorSecret!]);
    const stored = (body: string) =>
      rows<{ media_type: string; media_path: string | null; from_me: boolean }>(
        t,
        'select media_type, media_path, from_me from messages where company_id = ? and whatsapp_id = ? and body = ?',
        [a.company.id, cloudId, body],
      );

    it('plays a customer through the fake, which posts signed webhooks: a text, an image and a location', async () => {
      const text = await cli(['text', '--cloud', '--from', '5511966660001', '--name', 'Paula', 'Olá pela Cloud API']);
      expect(text).toMatchObject({ code: 0, stderr: '' });
      expect(text.stdout).toMatch(/^text from 5511966660001 sent to "Meta" \(message id wamid\..+\)\n$/);
      const file = join(tmp, 'foto.png');
      writeFileSync(file, PNG);
      const image = await cli(['media', '--connection', String(cloudId), '--from', '5511966660001', '--file', file, 'Uma foto']);
      expect(image).toMatchObject({ code: 0, stderr: '' });
      const location = await cli(['location', '--cloud', '--from', '5511966660001', '--lat=-23.55', '--lng=-46.63', 'Loja']);
      expect(location).toMatchObject({ code: 0, stderr: '' });
      await waitFor(async () => {
        await drainPipeline(t);
        return (await stored('-23.55,-46.63\nLoja')).length === 1;
      });
      expect(await stored('Olá pela Cloud API')).toEqual([{ media_type: 'chat', media_path: null, from_me: false }]);
      const [photo] = await stored('Uma foto');
      expect(photo).toMatchObject({ media_type: 'image', from_me: false });
      expect(photo!.media_path).toMatch(/\.png$/);
      // Every one came as a signed webhook the app accepted.
      expect(fake.webhooks.filter((w) => JSON.stringify(w.payload).includes('5511966660001')).map((w) => w.status)).toEqual([200, 200, 200]);
    });

    it('refuses what the Cloud API has no webhook for, and a number that is not one', async () => {
      const call = await cli(['call', '--connection', String(cloudId), '--from', '5511966660001']);
      expect(call.code).toBe(1);
      expect(call.stderr).toContain('400');
      expect((await cli(['text', '--connection', String(cloudId), '--from', 'abc', 'x'])).code).toBe(1);
    });
  });
});
