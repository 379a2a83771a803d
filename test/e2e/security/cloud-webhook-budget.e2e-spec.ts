import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { FAKE_PHONE_NUMBER_ID } from '../../../src/channels/cloud-api/fake-graph-fixtures.js';
import { WEBHOOK_BODY_LIMIT } from '../../../src/channels/cloud-api/webhook-events.js';
import { TIME_FACTOR } from '../../utils/time.js';
import { createCloudConnection, postWebhook } from './cloud-webhooks.js';
import { LeaseCluster, type Proc } from './lease-cluster.js';

const MB = 1024 * 1024;
/** The API's resident memory may grow by at most this much over every worst-case body below. */
const RSS_BUDGET_MB = 64;
/** A refusal slower than this is a stall (scaled by TEST_TIME_FACTOR). */
const ANSWER_MS = 2000;

/** Resident memory of a process, in MB. */
function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** `prefix`, then `filler` repeated (comma-separated) as often as the limit allows, then `suffix`. */
function filled(prefix: string, suffix: string, filler: string): string {
  const count = Math.floor((WEBHOOK_BODY_LIMIT - 64 - prefix.length - suffix.length) / (filler.length + 1));
  return prefix + Array.from({ length: count }, () => filler).join(',') + suffix;
}

const HEAD = '{"object":"whatsapp_business_account","entry":';
const metadata = `"metadata":{"display_phone_number":"15550783881","phone_number_id":"${FAKE_PHONE_NUMBER_ID}"}`;
/** A payload with one change whose value is `value`. */
const change = (value: string) => `${HEAD}[{"id":"1","changes":[{"field":"messages","value":${value}}]}]}`;
/** The text before and after a list inside one change's value. */
const listIn = (key: string, extra = metadata) => [`${HEAD}[{"id":"1","changes":[{"field":"messages","value":{${extra},"${key}":[`, ']}}]}]}'] as const;

/** A change whose metadata has as many distinct keys as the limit holds (and no phone number id). */
function manyKeys(): string {
  const parts: string[] = [];
  let size = 256;
  for (let i = 0; size < WEBHOOK_BODY_LIMIT - 128; i += 1) {
    const part = `"k${i.toString(36)}":0`;
    parts.push(part);
    size += part.length + 1;
  }
  return change(`{"metadata":{${parts.join(',')}}}`);
}

const TEXT = '{"from":"5511900000000","id":"x","timestamp":"1","type":"text","text":{"body":"a"}}';

/** Bodies of at most the limit that a hostile sender (or a broken Meta) could send: each must be refused with a 4xx. */
const WORST: Array<{ name: string; body: string }> = [
  {
    name: 'deeply nested arrays',
    body: `${HEAD}${'['.repeat(Math.floor((WEBHOOK_BODY_LIMIT - 128) / 2))}${']'.repeat(Math.floor((WEBHOOK_BODY_LIMIT - 128) / 2))}}`,
  },
  {
    name: 'deeply nested objects',
    body: change(`{"metadata":${'{"a":'.repeat(Math.floor((WEBHOOK_BODY_LIMIT - 256) / 6))}1${'}'.repeat(Math.floor((WEBHOOK_BODY_LIMIT - 256) / 6))}}`),
  },
  { name: 'many entries', body: filled(`${HEAD}[`, ']}', '{"id":"1","changes":[]}') },
  { name: 'many changes', body: filled(`${HEAD}[{"id":"1","changes":[`, ']}]}', '{"field":"messages","value":{}}') },
  { name: 'many messages', body: filled(...listIn('messages'), TEXT) },
  { name: 'many statuses', body: filled(...listIn('statuses'), '{"id":"x","status":"read","timestamp":"1","recipient_id":"1"}') },
  { name: 'many contacts', body: filled(...listIn('contacts'), '{"wa_id":"1","profile":{"name":"a"}}') },
  { name: 'many keys', body: manyKeys() },
  { name: 'a huge id string', body: change(`{"metadata":{"phone_number_id":"${'9'.repeat(WEBHOOK_BODY_LIMIT - 256)}"}}`) },
  {
    name: 'many huge strings',
    body: filled(...listIn('messages'), `{"from":"1","id":"${'x'.repeat(60_000)}","timestamp":"1","type":"text","text":{"body":"a"}}`),
  },
  { name: 'not JSON', body: '{'.repeat(WEBHOOK_BODY_LIMIT - 64) },
];

interface Figure {
  body: string;
  signed: boolean;
  bytes: number;
  status: number;
  ms: number;
}

/** A chunked upload of `total` bytes (no Content-Length): the server must stop reading at its limit. */
function chunkedPost(url: string, total: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = (): void => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/**
 * The worst bodies a webhook route can be sent, against the built server in its own process (so the memory read is
 * the API's): over the limit → 413 without reading on; at the limit, signed or not → a fast 4xx; the resident memory
 * stays within a budget, and the figures are printed.
 */
describe('security: budgets on the Cloud API webhook body', () => {
  let cluster: LeaseCluster;
  let api: Proc;
  let connectionId: number;
  const figures: Figure[] = [];

  beforeAll(async () => {
    cluster = await LeaseCluster.create({ env: {} });
    api = await cluster.spawn('api', 'api');
    await cluster.signIn(api);
    connectionId = await createCloudConnection(cluster, api);
  });
  afterAll(async () => {
    if (figures.length)
      console.log(figures.map((f) => `${f.body} (${f.signed ? 'signed' : 'unsigned'}, ${(f.bytes / MB).toFixed(2)} MB): ${f.status} in ${f.ms} ms`).join('\n'));
    await cluster?.close();
  });

  async function timed(body: string, signed: boolean, name: string): Promise<Figure> {
    const started = Date.now();
    const status = await postWebhook(api, connectionId, body, signed ? undefined : 'sha256=0000');
    const figure = { body: name, signed, bytes: Buffer.byteLength(body), status, ms: Date.now() - started };
    figures.push(figure);
    return figure;
  }

  it('refuses a body over the limit with 413 ERR_PAYLOAD_TOO_LARGE, by length or while streaming', async () => {
    const res = await fetch(`${api.baseUrl}/api/cloud-api/${connectionId}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(WEBHOOK_BODY_LIMIT + 1, 0x20),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    const started = Date.now();
    expect(await chunkedPost(`${api.baseUrl}/api/cloud-api/${connectionId}/webhook`, 64 * MB)).toBe(413);
    figures.push({ body: 'chunked stream of 64 MB', signed: false, bytes: 64 * MB, status: 413, ms: Date.now() - started });
    // The global JSON limit (100 kB) does not apply here: a real delivery of 200 kB is taken.
    const padded = change(`{${metadata},"statuses":[],"padding":"${'p'.repeat(200_000)}"}`);
    expect(await postWebhook(api, connectionId, padded)).toBe(200);
  });

  it('answers every worst-case body at the limit with a fast 4xx, within a memory budget', async () => {
    const pid = api.server.child.pid!;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    const roundPeaks: number[] = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        for (const { name, body } of WORST) {
          expect(Buffer.byteLength(body)).toBeLessThanOrEqual(WEBHOOK_BODY_LIMIT);
          for (const signed of [true, false]) {
            const figure = await timed(body, signed, name);
            expect({ name, signed, status: figure.status }).toEqual({ name, signed, status: signed ? 400 : 401 });
            expect(figure.ms).toBeLessThan(ANSWER_MS * TIME_FACTOR);
          }
        }
        roundPeaks.push(peak);
      }
    } finally {
      clearInterval(sampler);
    }
    const after = rssOf(pid);
    console.log(
      `webhook worst cases (${WORST.length} bodies of up to ${WEBHOOK_BODY_LIMIT / MB} MB, signed and unsigned, 3 rounds): ` +
        `RSS ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)}), ${after.toFixed(0)} MB after; ` +
        `peak after each round ${roundPeaks.map((p) => p.toFixed(0)).join(' / ')} MB; slowest answer ${Math.max(...figures.map((f) => f.ms))} ms`,
    );
    expect(peak - baseline).toBeLessThan(RSS_BUDGET_MB);
    // Still healthy and taking real deliveries.
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  });
});
