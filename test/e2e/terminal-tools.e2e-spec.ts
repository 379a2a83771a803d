import { describe, expect, it, afterAll, beforeAll } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { freePort, login, query, seed, startServer, waitUntil } from '../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../utils/test-database.js';
import { TIME_FACTOR } from '../utils/time.js';

interface Server {
  child: import('node:child_process').ChildProcess;
  exited: Promise<unknown>;
  stderr: () => string;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a built terminal tool as a newcomer would, with this environment (and never the test's own PORT). */
function tool(script: 'simulate' | 'pay', args: string[], env: Record<string, string>): Promise<Run> {
  const { PORT: _port, DATA_DIR: _dataDir, ...inherited } = process.env;
  const child = spawn(process.execPath, [`dist/src/${script}.js`, ...args], {
    env: { ...inherited, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
 * `npm run simulate` and `npm run pay` against a server started with PORT on its own command line: they find it through
 * the address it records in its data directory, say which addresses they tried when none answers, and `--help` says so.
 */
describe('terminal tools find the server', () => {
  let db: { name: string; url: string };
  let server: Server;
  let port: number;
  let ids: { companyId: number; connectionId: number };
  const dataDir = mkdtempSync(join(tmpdir(), 'tools-'));
  const addressFile = join(dataDir, 'server-address');

  beforeAll(async () => {
    db = await cloneTemplate();
    ids = await seed(db.url);
    port = await freePort();
    server = startServer({ dbUrl: db.url, dataDir, redisPrefix: `tools_${port}`, port, extraEnv: {} }) as Server;
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200, 60_000 * TIME_FACTOR, `server up (${server.stderr()})`);
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (db) await dropDatabase(db.name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records the address the server listens on in its data directory', () => {
    expect(readFileSync(addressFile, 'utf8').trim()).toBe(`http://localhost:${port}`);
  });

  it('simulate finds it without PORT or --url and delivers the customer message', async () => {
    const run = await tool('simulate', ['text', '--from', '5511988880001', '--name', 'Maria', 'Olá, quero um orçamento'], { DATA_DIR: dataDir });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^text from 5511988880001 sent to "Sim" \(message id .+\)\n$/);
    await waitUntil(
      async () => (await query(db.url, `select 1 from messages where company_id = $1 and body = $2`, [ids.companyId, 'Olá, quero um orçamento'])).length === 1,
      20_000 * TIME_FACTOR,
      'message stored',
    );
  });

  it('pay finds it the same way and pays the sandbox charge', async () => {
    const [invoice] = await query(
      db.url,
      `insert into invoices (company_id, due_date, value, detail, status, created_at, updated_at)
       values ($1, now() + interval '3 days', 10, 'Crash', 'open', now(), now()) returning id`,
      [ids.companyId],
    );
    const token = await login(`http://127.0.0.1:${port}`);
    const charge = await fetch(`http://127.0.0.1:${port}/api/subscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ invoiceId: invoice.id }),
    });
    expect(charge.status).toBe(200);
    const run = await tool('pay', [String(invoice.id)], { DATA_DIR: dataDir });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/: applied \(transaction .+\)\n$/);
    const [stored] = await query(db.url, 'select status from invoices where id = $1', [invoice.id]);
    expect(stored.status).toBe('paid');
  });

  it('names the addresses it tried when no server answers', async () => {
    const closed = await freePort();
    const pay = await tool('pay', ['1', '--url', `http://127.0.0.1:${closed}`], { DATA_DIR: dataDir });
    expect(pay.code).toBe(1);
    expect(pay.stderr).toContain(`http://127.0.0.1:${closed} (--url): ECONNREFUSED`);
    expect(pay.stderr).toContain('npm start');
    const simulate = await tool('simulate', ['text', '--from', '5511988880001', 'oi', '--url', `http://127.0.0.1:${closed}`], { DATA_DIR: dataDir });
    expect(simulate.code).toBe(1);
    expect(simulate.stderr).toContain(`http://127.0.0.1:${closed} (--url): ECONNREFUSED`);
  });

  it('--help tells where the address comes from', async () => {
    for (const script of ['simulate', 'pay'] as const) {
      const run = await tool(script, ['--help'], { DATA_DIR: dataDir });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('the address the running server recorded in the data directory');
      expect(run.stdout).toContain('http://localhost:$PORT when PORT is set here');
      expect(run.stdout).not.toContain('default http://localhost:8080');
    }
  });

  it('takes the address away when the server stops', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    expect(existsSync(addressFile)).toBe(false);
  });
});
