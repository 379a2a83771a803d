import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_CLOUD_CONNECTION } from '../../src/modules/companies/demo-data.seed.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../utils/test-database.js';
import { TIME_FACTOR } from '../utils/time.js';

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm start` on an empty database in development, as a newcomer runs it: beside the simulator's "WhatsApp Demo" the
 * demo company gets "WhatsApp Cloud (demo)", a Cloud API connection on a local fake of the Graph API that this
 * process starts; it connects, and `npm run simulate -- --cloud` delivers a customer through the fake's webhook.
 */
describe('the demo’s Cloud API connection', () => {
  let db: { name: string; url: string };
  let child: ChildProcess;
  let output = '';
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-cloud-'));

  beforeAll(async () => {
    db = await cloneTemplate();
    port = await freePort();
    const { CLOUD_API_GRAPH_URL: _graph, JEST_WORKER_ID: _worker, ...inherited } = process.env;
    child = spawn(process.execPath, ['dist/src/start.js'], {
      env: {
        ...inherited,
        NODE_ENV: 'development',
        NODE_OPTIONS: '',
        DATABASE_URL: db.url,
        REDIS_PREFIX: `demo_cloud_${port}`,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => {
      output = (output + chunk).slice(-8000);
    });
    child.stderr!.on('data', (chunk) => {
      output = (output + chunk).slice(-8000);
    });
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200, 120_000 * TIME_FACTOR, 'the demo server');
  }, 150_000 * TIME_FACTOR);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (db) await dropDatabase(db.name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds both connections side by side, the Cloud API one CONNECTED with the fake’s number', async () => {
    expect(output).toContain(`"${DEMO_CLOUD_CONNECTION}" talks to a local fake of the WhatsApp Cloud API at http://127.0.0.1:`);
    const read = () =>
      query<{ name: string; provider: string; status: string; phone_number: string | null }>(
        db.url,
        'select name, provider, status, phone_number from whatsapps order by id',
      );
    // The sessions start in the background once the server answers: both come up within the deadline.
    await waitUntil(async () => (await read()).every((c) => c.status === 'CONNECTED'), 30_000 * TIME_FACTOR, 'both demo connections').catch(() => undefined);
    const connections = await read();
    expect(connections).toEqual([
      expect.objectContaining({ name: 'WhatsApp Demo', provider: 'simulator', status: 'CONNECTED' }),
      { name: DEMO_CLOUD_CONNECTION, provider: 'cloud', status: 'CONNECTED', phone_number: '15550783881' },
    ]);
    expect(output).toContain(DEMO_ACCOUNTS.admin.email);
  });

  it('"Testar conexão" reads the fake’s number, and a simulated customer arrives through the signed webhook', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ACCOUNTS.admin),
    });
    const { token } = (await login.json()) as { token: string };
    const [{ id }] = (await query<{ id: number }>(db.url, "select id from whatsapps where provider = 'cloud'")) as [{ id: number }];
    const tested = await fetch(`http://127.0.0.1:${port}/api/whatsapp/${id}/cloud/test`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(tested.status).toBe(200);
    expect(await tested.json()).toMatchObject({ displayPhoneNumber: '15550783881', verifiedName: 'Loja Exemplo' });

    const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const { PORT: _port, ...inherited } = process.env;
      const cli = spawn(process.execPath, ['dist/src/simulate.js', 'text', '--cloud', '--from', '5511955550001', '--name', 'Rita', 'Oi pela Cloud'], {
        env: { ...inherited, NODE_OPTIONS: '', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      cli.stdout.on('data', (chunk) => {
        out += chunk;
      });
      cli.stderr.on('data', (chunk) => {
        out += chunk;
      });
      cli.once('close', (code) => resolve({ code, out }));
    });
    expect(run.out).toContain(`sent to "${DEMO_CLOUD_CONNECTION}"`);
    expect(run.code).toBe(0);
    await waitUntil(
      async () =>
        (
          await query(
            db.url,
            "select 1 from messages m join whatsapps w on w.id = m.whatsapp_id where w.provider = 'cloud' and m.body = 'Oi pela Cloud' and not m.from_me",
          )
        ).length === 1,
      20_000 * TIME_FACTOR,
      'the simulated message stored',
    );
    // The bot's greeting went out through the fake, under Meta's kind of id.
    await waitUntil(
      async () =>
        (
          await query(
            db.url,
            "select 1 from messages m join whatsapps w on w.id = m.whatsapp_id where w.provider = 'cloud' and m.from_me and m.provider_id like 'wamid.%'",
          )
        ).length === 1,
      20_000 * TIME_FACTOR,
      'the greeting sent through the fake',
    );
    expect(readFileSync(join(dataDir, 'server-address'), 'utf8').trim()).toBe(`http://localhost:${port}`);
  });
});
