import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIME_FACTOR } from '../../../test/utils/time.js';
import type { CloudApiCredentials } from './cloud-api-types.js';
import { CUSTOMER_WINDOW_MS, FAKE_INBOUND_PATH, type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from './fake-graph-api.js';
import { GraphApiClient } from './graph-api.client.js';
import { textPayload } from './outgoing-payloads.js';
import { type CloudMessageEvent, type CloudStatusEvent, type CloudWebhookEvent, parseWebhookBody } from './webhook-events.js';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'fake-app-secret';
const CUSTOMER = '5511999998888';

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  signed: boolean;
  events: CloudWebhookEvent[];
}

/** The app's side: a webhook endpoint that checks the signature (401 without it) and parses what it accepts. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers[SIGNATURE_HEADER];
      const signed = verifyWebhookSignature(raw, typeof header === 'string' ? header : undefined, SECRET);
      received.push({ headers: req.headers, raw, signed, events: signed ? parseWebhookBody(raw) : [] });
      res.writeHead(signed ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/cloud`, received, server };
}

/** Polls until the probe holds, for at most the (scaled) deadline. */
async function waitFor(probe: () => boolean, timeoutMs = 5000 * TIME_FACTOR): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let fake: FakeGraphApi;
let creds: CloudApiCredentials;
const client = new GraphApiClient();

async function start(options: Partial<FakeGraphApiOptions> = {}): Promise<void> {
  fake = await startFakeGraphApi({ appSecret: SECRET, webhookUrl: receiver.url, ...options });
  creds = {
    phoneNumberId: fake.phoneNumbers[0]!.id,
    businessAccountId: fake.businessAccountId,
    accessToken: fake.accessToken,
    appSecret: SECRET,
    verifyToken: 'verify',
    graphBaseUrl: fake.baseUrl,
    graphVersion: fake.version,
  };
}

const statuses = () => receiver.received.flatMap((r) => r.events).filter((e): e is CloudStatusEvent => e.kind === 'status');

beforeEach(async () => {
  receiver = await startReceiver();
});

afterEach(async () => {
  await fake?.close();
  await new Promise<void>((resolve) => {
    receiver.server.closeAllConnections();
    receiver.server.close(() => resolve());
  });
});

describe('fake Graph API webhooks', () => {
  it('posts sent, delivered and read after each send, signed, in order, with the opaque data', async () => {
    await start();
    fake.markInbound(CUSTOMER);
    const first = await client.send(creds, textPayload(CUSTOMER, 'um', { bizOpaque: 'ticket:1' }));
    const second = await client.send(creds, textPayload(CUSTOMER, 'dois'));
    await waitFor(() => statuses().length === 6);
    expect(receiver.received.every((r) => r.signed && r.headers['content-type'] === 'application/json')).toBe(true);
    expect(statuses().map((s) => [s.providerId, s.status, s.ack, s.bizOpaque, s.recipient, s.phoneNumberId])).toEqual([
      [first.providerId, 'sent', 2, 'ticket:1', CUSTOMER, creds.phoneNumberId],
      [first.providerId, 'delivered', 3, 'ticket:1', CUSTOMER, creds.phoneNumberId],
      [first.providerId, 'read', 4, 'ticket:1', CUSTOMER, creds.phoneNumberId],
      [second.providerId, 'sent', 2, null, CUSTOMER, creds.phoneNumberId],
      [second.providerId, 'delivered', 3, null, CUSTOMER, creds.phoneNumberId],
      [second.providerId, 'read', 4, null, CUSTOMER, creds.phoneNumberId],
    ]);
    await fake.settled();
    expect(fake.webhooks.map((w) => w.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('posts no statuses when they are turned off', async () => {
    await start({ autoStatuses: false });
    fake.markInbound(CUSTOMER);
    await client.send(creds, textPayload(CUSTOMER, 'silêncio'));
    await fake.settled();
    expect(receiver.received).toEqual([]);
  });

  it('delivers an inbound message signed, answers the app’s status, and opens the 24-hour window', async () => {
    await start();
    const status = await fake.deliverInbound(creds.phoneNumberId, {
      from: CUSTOMER,
      id: 'wamid.INBOUND1',
      profileName: 'Ana Silva',
      type: 'text',
      text: { body: 'Quero falar com o suporte' },
    });
    expect(status).toBe(200);
    const [event] = receiver.received[0]!.events as CloudMessageEvent[];
    expect(event).toMatchObject({
      kind: 'message',
      phoneNumberId: creds.phoneNumberId,
      message: { providerId: 'wamid.INBOUND1', contactNumber: CUSTOMER, pushName: 'Ana Silva', body: 'Quero falar com o suporte' },
    });
    // The customer wrote: free-form answers are allowed now.
    await client.send(creds, textPayload(CUSTOMER, 'Olá Ana!', { replyTo: 'wamid.INBOUND1' }));
  });

  it('lets the app refuse a payload whose signature is wrong', async () => {
    await start();
    expect(await fake.deliverPayload({ object: 'whatsapp_business_account', entry: [] }, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await fake.deliverPayload({ object: 'whatsapp_business_account', entry: [] })).toBe(200);
  });

  it('closes the window 24 hours after the customer’s last message', async () => {
    let clock = Date.parse('2026-03-01T12:00:00Z');
    await start({ now: () => clock, autoStatuses: false });
    await fake.deliverInbound(creds.phoneNumberId, { from: CUSTOMER, type: 'text', text: { body: 'oi' } });
    clock += CUSTOMER_WINDOW_MS - 1000;
    await client.send(creds, textPayload(CUSTOMER, 'ainda dá'));
    clock += 2000;
    await expect(client.send(creds, textPayload(CUSTOMER, 'tarde demais'))).rejects.toMatchObject({ code: 'ERR_CLOUD_WINDOW_CLOSED' });
  });

  it('can report a closed window as Meta usually does: accepted, then a failed status with 131047', async () => {
    await start({ windowRefusal: 'status' });
    const sent = await client.send(creds, textPayload('5521977776666', 'fora da janela', { bizOpaque: 'ticket:9' }));
    await waitFor(() => statuses().length === 1);
    expect(statuses()[0]).toMatchObject({ providerId: sent.providerId, status: 'failed', ack: 0, bizOpaque: 'ticket:9', error: { code: 131047 } });
  });

  it('serves downloads only with the bearer token', async () => {
    await start();
    const mediaId = await client.uploadMedia(creds, Buffer.from('bytes'), 'text/plain', 'a.txt');
    const meta = (await (await fetch(`${fake.baseUrl}/${fake.version}/${mediaId}`, { headers: { authorization: `Bearer ${fake.accessToken}` } })).json()) as {
      url: string;
    };
    expect((await fetch(meta.url)).status).toBe(401);
    const download = await fetch(meta.url, { headers: { authorization: `Bearer ${fake.accessToken}` } });
    expect(await download.text()).toBe('bytes');
  });

  it('plays a customer for another process on its own route, with the bearer token, answering the app’s status', async () => {
    await start();
    const control = (body: unknown, token = fake.accessToken) =>
      fetch(`${fake.baseUrl}${FAKE_INBOUND_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const message = { from: CUSTOMER, profileName: 'Lia', type: 'text', text: { body: 'pelo simulador' } };
    const res = await control({ phoneNumberId: creds.phoneNumberId, message });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: string; status: number };
    expect(answer).toMatchObject({ id: expect.stringMatching(/^wamid\./), status: 200 });
    const events = receiver.received.flatMap((r) => r.events).filter((e): e is CloudMessageEvent => e.kind === 'message');
    expect(events.map((e) => [e.message.providerId, e.message.body, e.message.pushName])).toEqual([[answer.id, 'pelo simulador', 'Lia']]);
    // The customer's window is open: a free-form answer goes out.
    await expect(client.send(creds, textPayload(CUSTOMER, 'resposta'))).resolves.toMatchObject({ waId: CUSTOMER });
    expect((await control({ phoneNumberId: creds.phoneNumberId, message }, 'wrong')).status).toBe(401);
    expect((await control({ phoneNumberId: '1', message })).status).toBe(400);
    expect((await control({ phoneNumberId: creds.phoneNumberId, message: { type: 'text' } })).status).toBe(400);
  });

  it('keeps only the newest entries when told to (the demo runs it for as long as the server)', async () => {
    await start({ keep: 2, autoStatuses: false });
    fake.markInbound(CUSTOMER);
    for (const body of ['um', 'dois', 'três']) await client.send(creds, textPayload(CUSTOMER, body));
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await client.uploadMedia(creds, Buffer.from(name), 'text/plain', name);
    expect(fake.wire.map((w) => (w.payload as { text: { body: string } }).text.body)).toEqual(['dois', 'três']);
    expect([...fake.media.values()].map((m) => m.fileName)).toEqual(['b.txt', 'c.txt']);
    expect(fake.requests).toHaveLength(2);
  });
});
