// Kill -9 while customers are writing: every message the server acknowledged must be stored after a restart, once.
// Used by the e2e test (test/e2e/security/durable-ingest.e2e-spec.ts) and by `npm run bench -- crash`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import argon2 from 'argon2';
import pg from 'pg';

/** Deadlines in tests and benches are multiplied by this (a busy CI machine sets it higher). */
const TIME_FACTOR = Number(process.env.TEST_TIME_FACTOR ?? 1) || 1;

const PASSWORD = 'Crash123!';
const EMAIL = 'admin@crash.example';

export async function query(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function waitUntil(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs * TIME_FACTOR;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One company with an admin and a simulated connection that was linked before (so it connects by itself at boot). */
export async function seed(dbUrl) {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  const [plan] = await query(dbUrl, `insert into plans (name, users, connections, queues, value) values ('Crash', 10, 10, 10, 10) returning id`);
  const [company] = await query(dbUrl, `insert into companies (name, plan_id, due_date) values ('Crash Co', $1, now() + interval '1 year') returning id`, [
    plan.id,
  ]);
  await query(dbUrl, `insert into users (company_id, name, email, password_hash, profile) values ($1, 'Admin', $2, $3, 'admin')`, [company.id, EMAIL, hash]);
  const [connection] = await query(
    dbUrl,
    `insert into whatsapps (company_id, name, status, provider, is_default) values ($1, 'Sim', 'CONNECTED', 'simulator', true) returning id`,
    [company.id],
  );
  await query(dbUrl, `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values ($1, $2, 'creds', 'creds', '{"simulator":true}')`, [
    company.id,
    connection.id,
  ]);
  return { companyId: company.id, connectionId: connection.id };
}

/** The real server as a child process (`node dist/src/main.js`), so it can be killed like a crashed one. */
export function startServer({ dbUrl, dataDir, redisPrefix, port, extraEnv }) {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      NODE_OPTIONS: '',
      DATABASE_URL: dbUrl,
      REDIS_PREFIX: redisPrefix,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      CONNECTION_LEASE_TTL_MS: '2000',
      CONNECTION_SWEEP_MS: '500',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

export async function login(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return (await res.json()).token;
}

/**
 * Sends `senders` x `perSender` texts (each sender in order, senders in parallel), kills the server with SIGKILL once
 * `killAfter` were acknowledged, restarts it, re-sends every message that got no 2xx, and counts what is stored.
 */
export async function runCrashScenario({ dbUrl, dataDir, redisPrefix, senders = 20, perSender = 100, killAfter = 1000, extraEnv = {} }) {
  const { companyId, connectionId } = await seed(dbUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const options = { dbUrl, dataDir, redisPrefix, port, extraEnv };
  const health = async () => (await fetch(`${baseUrl}/api/health`)).status === 200;
  const connected = async (token) => {
    const res = await fetch(`${baseUrl}/api/whatsapp/${connectionId}`, { headers: { authorization: `Bearer ${token}` } });
    return res.status === 200 && (await res.json()).status === 'CONNECTED';
  };

  let server = startServer(options);
  const acknowledged = new Set();
  const post = (token, sender, index) =>
    fetch(`${baseUrl}/api/dev/simulator/${connectionId}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: `5511970${String(sender).padStart(6, '0')}`,
        name: `Cliente ${sender}`,
        body: `mensagem ${index} de ${sender}`,
        id: `CRASH-${sender}-${index}`,
      }),
    });
  try {
    await waitUntil(health, 60_000, 'first start');
    let token = await login(baseUrl);
    await waitUntil(() => connected(token), 30_000, 'connection up');

    // Phase 1: customers write until the process is killed.
    let killedAt = 0;
    const sendAll = async (sender) => {
      for (let index = 0; index < perSender; index += 1) {
        if (killedAt) return;
        const res = await post(token, sender, index).catch(() => null);
        if (!res) return;
        if (res.status >= 200 && res.status < 300) acknowledged.add(`CRASH-${sender}-${index}`);
        if (!killedAt && acknowledged.size >= killAfter) {
          killedAt = Date.now();
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: senders }, (_, s) => sendAll(s)));
    if (!killedAt) throw new Error('every message was sent before the kill');
    await server.exited;
    const acknowledgedBeforeKill = acknowledged.size;
    const [{ count: storedAtKill }] = await query(dbUrl, `select count(*)::int as count from messages where whatsapp_id = $1`, [connectionId]);
    const [{ count: inboxAtKill }] = await query(dbUrl, `select count(*)::int as count from inbound_inbox where whatsapp_id = $1`, [connectionId]);

    // Phase 2: a new process; the connection comes back once the dead process's lease expires.
    const restartedAt = Date.now();
    server = startServer(options);
    await waitUntil(health, 60_000, 'restart');
    token = await login(baseUrl);
    await waitUntil(() => connected(token), 60_000, 'connection back after the crash');
    const reconnectMs = Date.now() - restartedAt;

    // Phase 3: every sender re-sends, in order, what got no acknowledgement.
    let resent = 0;
    const resendAll = async (sender) => {
      for (let index = 0; index < perSender; index += 1) {
        const id = `CRASH-${sender}-${index}`;
        if (acknowledged.has(id)) continue;
        await waitUntil(async () => (await post(token, sender, index)).status === 202, 30_000, `re-send ${id}`);
        acknowledged.add(id);
        resent += 1;
      }
    };
    await Promise.all(Array.from({ length: senders }, (_, s) => resendAll(s)));

    const expected = senders * perSender;
    await waitUntil(
      async () => (await query(dbUrl, `select count(*)::int as count from messages where whatsapp_id = $1`, [connectionId]))[0].count >= expected,
      60_000,
      'all messages stored',
    );
    await waitUntil(
      async () => (await query(dbUrl, `select count(*)::int as count from inbound_inbox where whatsapp_id = $1`, [connectionId]))[0].count === 0,
      30_000,
      'inbox emptied',
    );
    const rows = await query(dbUrl, `select provider_id from messages where whatsapp_id = $1 and company_id = $2`, [connectionId, companyId]);
    const ids = rows.map((r) => r.provider_id);
    const distinct = new Set(ids);
    let missing = 0;
    for (let s = 0; s < senders; s += 1) for (let i = 0; i < perSender; i += 1) if (!distinct.has(`CRASH-${s}-${i}`)) missing += 1;
    return {
      expected,
      acknowledgedBeforeKill,
      storedAtKill,
      inboxAtKill,
      resent,
      stored: ids.length,
      duplicates: ids.length - distinct.size,
      missing,
      reconnectMs,
      recoveryMs: Date.now() - restartedAt,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      const forced = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
      await server.exited;
      clearTimeout(forced);
    }
  }
}

export const crashRedisPrefix = () => `crash_${randomBytes(4).toString('hex')}`;
