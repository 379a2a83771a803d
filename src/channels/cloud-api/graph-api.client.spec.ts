import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIME_FACTOR } from '../../../test/utils/time.js';
import { AppError } from '../../common/errors/app-error.js';
import type { CloudApiCredentials } from './cloud-api-types.js';
import { type FakeGraphApi, fakeCredentials, startFakeGraphApi } from './fake-graph-api.js';
import { GraphApiClient } from './graph-api.client.js';
import { templatePayload, textPayload } from './outgoing-payloads.js';

const CUSTOMER = '5511999998888';
let fake: FakeGraphApi;
let creds: CloudApiCredentials;
const client = new GraphApiClient();
const extraServers: Server[] = [];

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

/** A local server that accepts connections and never answers. */
async function silentServer(): Promise<string> {
  const server = createServer(() => undefined);
  extraServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  fake = await startFakeGraphApi({ appSecret: 'app-secret' });
  creds = fakeCredentials(fake, 'app-secret');
});

afterEach(async () => {
  await Promise.all(
    extraServers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

afterAll(() => fake.close());

describe('GraphApiClient against the fake Graph API', () => {
  it('sends a text and answers the wamid and the wa_id, with the bearer token', async () => {
    fake.markInbound(CUSTOMER);
    const sent = await client.send(creds, textPayload(CUSTOMER, 'Olá!'));
    expect(sent.providerId).toMatch(/^wamid\.[A-Za-z0-9+/=]+$/);
    expect(sent.waId).toBe(CUSTOMER);
    expect(fake.wire.at(-1)).toMatchObject({ id: sent.providerId, to: CUSTOMER, type: 'text' });
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: `/${fake.version}/${creds.phoneNumberId}/messages` });
  });

  it('uploads media and downloads it back byte for byte', async () => {
    const bytes = randomBytes(300 * 1024);
    const mediaId = await client.uploadMedia(creds, bytes, 'image/png', 'grafico.png');
    expect(mediaId).toMatch(/^\d+$/);
    expect(fake.media.get(mediaId)).toMatchObject({ mimetype: 'image/png', fileName: 'grafico.png' });
    const downloaded = await client.downloadMedia(creds, mediaId, 1024 * 1024);
    expect(downloaded.mimetype).toBe('image/png');
    expect(downloaded.bytes.equals(bytes)).toBe(true);
  });

  it('refuses a file over maxBytes from its declared size, before downloading it', async () => {
    const mediaId = await client.uploadMedia(creds, randomBytes(64 * 1024), 'video/mp4', 'clip.mp4');
    const before = fake.requests.length;
    const error = await refusal(() => client.downloadMedia(creds, mediaId, 1024));
    expect(error.code).toBe('ERR_MEDIA_TOO_LARGE');
    // Only the metadata was asked for.
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([`/${fake.version}/${mediaId}`]);
  });

  it('cuts a file larger than its metadata said', async () => {
    const mediaId = await client.uploadMedia(creds, randomBytes(64 * 1024), 'audio/ogg', 'voz.ogg');
    fake.media.get(mediaId)!.declaredSize = 10;
    expect((await refusal(() => client.downloadMedia(creds, mediaId, 1024))).code).toBe('ERR_MEDIA_TOO_LARGE');
  });

  it('reads the phone number', async () => {
    expect(await client.phoneNumber(creds)).toEqual({
      displayPhoneNumber: '15550783881',
      verifiedName: 'Loja Exemplo',
      qualityRating: 'GREEN',
      codeVerificationStatus: 'VERIFIED',
    });
    expect(fake.requests.at(-1)!.path).toContain('fields=display_phone_number,verified_name,quality_rating,code_verification_status');
  });

  it('follows the template pages with the after cursor, up to maxPages', async () => {
    const before = fake.requests.length;
    const all = await client.templates(creds, { maxPages: 10, pageSize: 3 });
    expect(all.map((t) => `${t.name}:${t.status}`)).toEqual([
      'pedido_confirmado:APPROVED',
      'boas_vindas:APPROVED',
      'hello_world:APPROVED',
      'promocao_relampago:REJECTED',
    ]);
    expect(all[1]!.components).toEqual([
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Bem-vindo, {{1}}!' },
    ]);
    const pages = fake.requests.slice(before);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.path).toContain('after=');
    expect(await client.templates(creds, { maxPages: 1, pageSize: 2 })).toHaveLength(2);
  });

  it('maps a send outside the 24-hour window to ERR_CLOUD_WINDOW_CLOSED', async () => {
    const error = await refusal(() => client.send(creds, textPayload('5521900000001', 'Oi de novo')));
    expect(error).toMatchObject({ code: 'ERR_CLOUD_WINDOW_CLOSED', status: 422, extra: { graphCode: 131047 } });
  });

  it('maps a template that is not approved to ERR_CLOUD_TEMPLATE_NOT_APPROVED', async () => {
    const payload = templatePayload(CUSTOMER, {
      name: 'promocao_relampago',
      language: 'pt_BR',
      params: { header: [], body: [{ name: '1', text: '30' }], buttons: [] },
    });
    expect(await refusal(() => client.send(creds, payload))).toMatchObject({ code: 'ERR_CLOUD_TEMPLATE_NOT_APPROVED', extra: { graphCode: 132001 } });
  });

  it('maps rate limits to ERR_CLOUD_RATE_LIMITED', async () => {
    fake.markInbound(CUSTOMER);
    for (const code of [130429, 131056, 80007]) {
      fake.reject(code);
      expect(await refusal(() => client.send(creds, textPayload(CUSTOMER, 'promo')))).toMatchObject({ code: 'ERR_CLOUD_RATE_LIMITED', status: 429 });
    }
    // The rejection was for one send only.
    await client.send(creds, textPayload(CUSTOMER, 'ok now'));
  });

  it('maps an expired or revoked token to ERR_CLOUD_TOKEN_EXPIRED without ever naming the token', async () => {
    const revoked = { ...creds, accessToken: 'EAAGrevokedTOKENvalue0001' };
    for (const run of [() => client.send(revoked, textPayload(CUSTOMER, 'oi')), () => client.phoneNumber(revoked), () => client.markRead(revoked, 'wamid.X')]) {
      const error = await refusal(run);
      expect(error).toMatchObject({ code: 'ERR_CLOUD_TOKEN_EXPIRED', status: 424, extra: { graphCode: 190 } });
      expect(`${error.message} ${JSON.stringify(error.extra)}`).not.toContain(revoked.accessToken);
    }
  });

  it('maps an unreachable or silent Graph API to ERR_CLOUD_SEND_FAILED', async () => {
    const closed = { ...creds, graphBaseUrl: await silentServer() };
    const impatient = new GraphApiClient({ timeoutMs: 300 * TIME_FACTOR });
    const error = await refusal(() => impatient.phoneNumber(closed));
    expect(error.code).toBe('ERR_CLOUD_SEND_FAILED');
    expect(error.message).toContain('timed out');
    const nowhere = { ...creds, graphBaseUrl: 'http://127.0.0.1:1' };
    expect((await refusal(() => client.phoneNumber(nowhere))).code).toBe('ERR_CLOUD_SEND_FAILED');
  });
});
