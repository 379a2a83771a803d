// What both benchmarks need: a scratch database migrated with the built CLI, and plain SQL against it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database and a data directory for one benchmark run. */
export async function scratch(prefix) {
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
  await sql(base, `CREATE DATABASE "${dbName}"`);
  const migrated = spawnSync(process.execPath, ['dist/src/cli.js', 'migrate'], { env: { ...process.env, DATABASE_URL: dbUrl }, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(migrated.stderr);
  return { dbName, dbUrl, dataDir: mkdtempSync(join(tmpdir(), `${prefix}-`)) };
}

export const dropScratch = (dbName) => sql(base, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);

export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * The built server (`dist/src/main.js`) as a child process on a scratch database, for benches that measure it from
 * outside; resolves once it answers. `stop()` kills it.
 */
export async function startBuiltServer({ dbUrl, dataDir, dbName, port, attempts = 300, logLevel = 'warn' }) {
  // BENCH_CPU_PROF=dir: the server profiles itself between two SIGWINCH (test/bench/profile-on-signal.mjs).
  const profiling = process.env.BENCH_CPU_PROF ? ['--import', './test/bench/profile-on-signal.mjs'] : [];
  const child = spawn(process.execPath, [...profiling, 'dist/src/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      REDIS_PREFIX: dbName,
      NODE_ENV: 'development',
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; ; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/version`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i >= attempts) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, stop };
}

/** Milliseconds from `since` until the inbox holds no unprocessed event (every receipt applied too), as text. */
export async function inboxDrainedAfter(dbUrl, since) {
  const end = Date.now() + 60000;
  while (Date.now() < end) {
    const { rows } = await sql(dbUrl, 'select count(*)::int as n from inbound_inbox');
    if (rows[0].n === 0) return `${(performance.now() - since).toFixed(0)}ms`;
    await new Promise((r) => setTimeout(r, 25));
  }
  return 'not within 60 s';
}

/** `p50=…ms p95=…ms p99=…ms max=…ms` of unsorted latencies. */
export function latencySummary(latencies) {
  const sorted = latencies.slice().sort((x, y) => x - y);
  return `p50=${percentile(sorted, 0.5).toFixed(0)}ms p95=${percentile(sorted, 0.95).toFixed(0)}ms p99=${percentile(sorted, 0.99).toFixed(0)}ms max=${sorted.at(-1).toFixed(0)}ms`;
}

/** Resolves once `done()` is true or `timeoutMs` passed, checking every 20 ms. */
export async function until(done, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

/**
 * CPU time the whole machine spent since `since` (a previous answer; none: since boot), in ms: every process (app,
 * PostgreSQL, Redis, the driver), from /proc/stat. Null where /proc/stat is not there.
 */
export function machineCpu(since) {
  let text;
  try {
    text = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  // cpu  user nice system idle iowait irq softirq steal …, in USER_HZ (100 per second on Linux).
  const fields = text.split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
  const ms = busy * 10;
  return since == null ? ms : ms - since;
}
