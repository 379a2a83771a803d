import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIME_FACTOR } from '../../../test/utils/time.js';
import type { InboundMessage } from '../channel-provider.js';
import { CloudApiSession, mediaKindOf } from './cloud-api-session.js';
import type { CloudApiCredentials } from './cloud-api-types.js';
import { type FakeGraphApi, fakeCredentials, startFakeGraphApi } from './fake-graph-api.js';
import { GraphApiClient } from './graph-api.client.js';
import type { CloudStatusEvent } from './webhook-events.js';
import { receiveWebhook } from './webhook-ingress.js';
import { SIGNATURE_HEADER } from './webhook-signature.js';

const SECRET = 'connection-app-secret';
const CUSTOMER = '5511988887777';

/** What the connection's webhook handed on, in order. */
interface Recorded {
  messages: InboundMessage[];
  acks: Array<[string, number]>;
  failed: CloudStatusEvent[];
  refusals: string[];
}

async function waitFor(probe: () => boolean, timeoutMs = 5000 * TIME_FACTOR): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a Cloud API connection against the Graph API fake', () => {
  const client = new GraphApiClient();
  let fake: FakeGraphApi;
  let creds: CloudApiCredentials;
  let webhook: Server;
  let recorded: Recorded;
  const connectedWith: Array<string | null> = [];

  beforeAll(async () => {
    // The app's webhook endpoint: the raw body and signature go through receiveWebhook, as a controller would.
    webhook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const header = req.headers[SIGNATURE_HEADER];
        receiveWebhook(
          { rawBody: Buffer.concat(chunks), signature: typeof header === 'string' ? header : undefined },
          { credentials: creds, client, maxMediaBytes: 1024 * 1024 },
          {
            message: async (message) => void recorded.messages.push(message),
            ack: async (providerId, ack) => void recorded.acks.push([providerId, ack]),
            failed: async (status) => void recorded.failed.push(status),
          },
        ).then(
          () => res.writeHead(200).end(),
          (error: { code?: string }) => {
            recorded.refusals.push(error.code ?? 'unknown');
            res.writeHead(401).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    fake = await startFakeGraphApi({ appSecret: SECRET, webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook` });
    creds = fakeCredentials(fake, SECRET);
  });

  afterAll(async () => {
    await fake?.close();
    await new Promise<void>((resolve) => {
      webhook.closeAllConnections();
      webhook.close(() => resolve());
    });
  });

  beforeEach(() => {
    recorded = { messages: [], acks: [], failed: [], refusals: [] };
  });

  const session = () => new CloudApiSession(async () => creds, client, { connected: ({ phoneNumber }) => void connectedWith.push(phoneNumber ?? null) });

  it('starts by reading its phone number: the credentials work', async () => {
    await session().start();
    expect(connectedWith).toEqual([fake.phoneNumbers[0]!.display_phone_number.replace(/\D/g, '')]);
    await expect(new CloudApiSession(async () => ({ ...creds, accessToken: 'revoked' }), client, { connected: () => undefined }).start()).rejects.toMatchObject(
      {
        code: 'ERR_CLOUD_TOKEN_EXPIRED',
      },
    );
  });

  it('receives a customer message and its media through the signed webhook, once per event of its own number', async () => {
    const mediaId = await client.uploadMedia(creds, Buffer.from('%PDF-1.4 orçamento'), 'application/pdf', 'orcamento.pdf');
    expect(
      await fake.deliverInbound(creds.phoneNumberId, { from: CUSTOMER, id: 'wamid.IN-1', profileName: 'Bia', type: 'text', text: { body: 'Oi, tudo bem?' } }),
    ).toBe(200);
    expect(
      await fake.deliverInbound(creds.phoneNumberId, {
        from: CUSTOMER,
        id: 'wamid.IN-2',
        type: 'document',
        document: { id: mediaId, mime_type: 'application/pdf', sha256: 'x', filename: 'orcamento.pdf' },
      }),
    ).toBe(200);
    // Another number of the same business account: not this connection's.
    expect(await fake.deliverInbound('999000111', { from: CUSTOMER, id: 'wamid.OTHER', type: 'text', text: { body: 'outro número' } })).toBe(200);
    expect(recorded.messages.map((m) => [m.providerId, m.remoteJid, m.pushName ?? null, m.mediaType, m.body])).toEqual([
      ['wamid.IN-1', `${CUSTOMER}@s.whatsapp.net`, 'Bia', 'chat', 'Oi, tudo bem?'],
      ['wamid.IN-2', `${CUSTOMER}@s.whatsapp.net`, 'Cliente', 'application', expect.any(String)],
    ]);
    const file = recorded.messages[1]!.media!;
    expect([file.mimetype, file.fileName]).toEqual(['application/pdf', 'orcamento.pdf']);
    expect((await file.download()).toString()).toBe('%PDF-1.4 orçamento');
  });

  it('refuses a delivery that is not signed with the connection’s app secret', async () => {
    expect(await fake.deliverPayload({ object: 'whatsapp_business_account', entry: [] }, `sha256=${'0'.repeat(64)}`)).toBe(401);
    expect(await fake.deliverPayload({ object: 'whatsapp_business_account', entry: [] }, 'garbage')).toBe(401);
    expect(recorded.refusals).toEqual(['ERR_CLOUD_WEBHOOK_SIGNATURE', 'ERR_CLOUD_WEBHOOK_SIGNATURE']);
    expect(recorded.messages).toEqual([]);
  });

  it('sends text and files under Meta’s ids, tagged with its own id, and follows their statuses as receipts', async () => {
    fake.markInbound(CUSTOMER);
    const live = session();
    const text = await live.sendText(`${CUSTOMER}@s.whatsapp.net`, 'Tudo ótimo!', {
      id: 'local-1',
      quoted: { providerId: 'wamid.IN-1', remoteJid: '', fromMe: false },
    });
    const pdf = await live.sendMedia(
      `${CUSTOMER}@s.whatsapp.net`,
      { buffer: Buffer.from('%PDF-1.4 proposta'), mimetype: 'application/pdf', fileName: 'proposta.pdf', caption: 'Segue' },
      { id: 'local-2' },
    );
    expect(text.providerId).toMatch(/^wamid\./);
    expect(text.remoteJid).toBe(`${CUSTOMER}@s.whatsapp.net`);
    const sent = fake.wire.filter((w) => w.id === text.providerId || w.id === pdf.providerId);
    expect(sent.map((w) => [w.to, w.type])).toEqual([
      [CUSTOMER, 'text'],
      [CUSTOMER, 'document'],
    ]);
    expect(sent[0]!.payload).toMatchObject({ context: { message_id: 'wamid.IN-1' }, biz_opaque_callback_data: 'local-1', text: { body: 'Tudo ótimo!' } });
    expect(sent[1]!.payload).toMatchObject({ document: { filename: 'proposta.pdf', caption: 'Segue' }, biz_opaque_callback_data: 'local-2' });
    await waitFor(() => recorded.acks.length === 6);
    expect(recorded.acks.filter(([id]) => id === text.providerId).map(([, ack]) => ack)).toEqual([2, 3, 4]);
  });

  it('reports a failed send’s status to the target instead of a receipt', async () => {
    fake.reject(131026);
    fake.setAutoStatuses(false);
    try {
      await expect(session().sendText(`${CUSTOMER}@s.whatsapp.net`, 'não vai', { id: 'local-3' })).rejects.toMatchObject({ code: 'ERR_CLOUD_UNDELIVERABLE' });
      const failed = await fake.deliverStatus(creds.phoneNumberId, {
        id: 'wamid.FAILED',
        status: 'failed',
        recipient_id: CUSTOMER,
        biz_opaque_callback_data: 'local-4',
        errors: [{ code: 131047, title: 'Re-engagement message' }],
      } as never);
      expect(failed).toBe(200);
      expect(recorded.failed.map((s) => [s.providerId, s.bizOpaque, s.error?.code])).toEqual([['wamid.FAILED', 'local-4', 131047]]);
      expect(recorded.acks).toEqual([]);
    } finally {
      fake.setAutoStatuses(true);
    }
  });

  it('marks the newest customer message read, and refuses what the Cloud API cannot do', async () => {
    const live = session();
    await live.markRead([
      { providerId: 'wamid.IN-1', remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false },
      { providerId: 'wamid.IN-2', remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false },
      { providerId: 'wamid.OUT', remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true },
    ]);
    expect(fake.readReceipts.at(-1)).toBe('wamid.IN-2');
    const key = { providerId: 'wamid.OUT', remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: true };
    await expect(live.edit(key, 'outro texto')).rejects.toMatchObject({ code: 'ERR_BAD_REQUEST' });
    await expect(live.deleteForEveryone(key)).rejects.toMatchObject({ code: 'ERR_BAD_REQUEST' });
    expect(await live.checkNumber('+55 (11) 98888-7777')).toEqual({ exists: true, number: CUSTOMER, jid: `${CUSTOMER}@s.whatsapp.net` });
    expect(live.newMessageId()).toMatch(/^cloud-/);
  });

  it('picks the Cloud API media kind from the file type', () => {
    expect(['image/jpeg', 'image/webp', 'video/mp4', 'audio/ogg', 'application/pdf', 'text/plain'].map(mediaKindOf)).toEqual([
      'image',
      'sticker',
      'video',
      'audio',
      'document',
      'document',
    ]);
  });
});
