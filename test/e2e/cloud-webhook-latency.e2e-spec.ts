import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signWebhook } from '../../src/channels/cloud-api/webhook-signature.js';
import { createTenant, login } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';
import { textMessage } from './security/cloud-webhooks.js';
import { createCloudConnection } from '../utils/cloud.js';

const APP_SECRET = 'meta-app-secret-of-the-latency-test';
const ROUNDS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * One process alone (ROLE=all) is its connections' drainer: a webhook's message is stored about as soon as it is
 * answered (no Redis call on the way). Prints the answer and storage latencies of sequential deliveries.
 */
describe('Cloud API webhook latency in one process', () => {
  let t: TestApp;
  let connectionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTenant(t, { plan: { connections: 3 } });
    const admin = await login(t, tenant.admin.email);
    connectionId = await createCloudConnection(t, admin, APP_SECRET);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores each delivered message within milliseconds of its 200', async () => {
    const answered: number[] = [];
    const stored: number[] = [];
    const connection = t.em().getConnection();
    for (let i = 0; i < ROUNDS; i += 1) {
      const id = `wamid.LATENCY-${i}`;
      const raw = JSON.stringify(textMessage('5511955550001', id, `mensagem ${i}`));
      const started = performance.now();
      const res = await fetch(`${t.baseUrl}/api/cloud-api/${connectionId}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw, APP_SECRET) },
        body: raw,
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      answered.push(performance.now() - started);
      const deadline = Date.now() + 5000 * TIME_FACTOR;
      while (!(await connection.execute('select 1 from messages where provider_id = ?', [id])).length) {
        if (Date.now() > deadline) throw new Error(`${id} not stored`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      stored.push(performance.now() - started);
    }
    const figures = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
    };
    console.log(`cloud webhook, one process, ${ROUNDS} sequential deliveries: answered ${figures(answered)}; stored ${figures(stored)}`);
  });
});
