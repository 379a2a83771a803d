// Figures for the API hot paths on a database of 20 companies x 500 users: `npm run bench -- api`.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { hashPassword } from '../../dist/src/common/password.js';
import { dropScratch, scratch, sql } from './lib.mjs';

const COMPANIES = 20;
const USERS_PER_COMPANY = 500;
const CUSTOMERS_PER_COMPANY = 2000;
const PORT = 18000 + Math.floor(Math.random() * 1000);

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return `n=${sorted.length} mean=${mean.toFixed(2)}ms p50=${at(0.5).toFixed(2)}ms p95=${at(0.95).toFixed(2)}ms p99=${at(0.99).toFixed(2)}ms`;
}

async function measure(label, count, fn) {
  const samples = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(38)} ${stats(samples)} throughput=${(count / seconds).toFixed(0)} req/s (sequential)`);
}

async function request(path, init = {}) {
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  const { dbName, dbUrl, dataDir } = await scratch('bench');

  const hash = await hashPassword('Bench123!');
  const seedStart = performance.now();
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 100000, 10, 10, 10);
     insert into companies (name, plan_id, due_date) select 'Company ' || g, 1, now() + interval '1 year' from generate_series(1, ${COMPANIES}) g;
     insert into queues (company_id, name, color, order_queue) select c, 'Fila ' || q, '#' || lpad(to_hex(c * 16 + q), 6, '0'), q from generate_series(1, ${COMPANIES}) c, generate_series(1, 5) q;
     insert into settings (company_id, key, value) select c, k, 'enabled' from generate_series(1, ${COMPANIES}) c, unnest(array['userCreation','call','CheckMsgIsGroup']) k;
     insert into users (company_id, name, email, password_hash, profile)
       select c, 'User ' || c || '-' || u, 'u' || c || '-' || u || '@bench.example', $1, case when u = 1 then 'admin' else 'user' end
       from generate_series(1, ${COMPANIES}) c, generate_series(1, ${USERS_PER_COMPANY}) u;
     insert into user_queues (user_id, queue_id) select u.id, q.id from users u join queues q on q.company_id = u.company_id and q.order_queue <= 2;
     -- Dashboard history: ${CUSTOMERS_PER_COMPANY * 3} attended tickets per company over 90 days, a third of them rated.
     insert into contacts (company_id, uuid, name, number, created_at, updated_at)
       select c, gen_random_uuid(), 'Cliente ' || n, '55' || lpad((c * 1000000 + n)::text, 11, '0'), now(), now()
       from generate_series(1, ${COMPANIES}) c, generate_series(1, ${CUSTOMERS_PER_COMPANY}) n;
     insert into tickets (company_id, uuid, status, contact_id, protocol, created_at, updated_at)
       select ct.company_id, gen_random_uuid(), 'closed', ct.id, 'P' || ct.id || '-' || k, now(), now() from contacts ct, generate_series(1, 3) k;
     insert into ticket_cycles (company_id, ticket_id, user_id, queued_at, started_at, finished_at, created_at, updated_at)
       select t.company_id, t.id, (select min(u.id) from users u where u.company_id = t.company_id) + (t.id % 50), x.q, x.q + interval '3 minutes',
              x.q + interval '20 minutes', x.q, x.q
         from tickets t cross join lateral (select now() - (random() * 90 || ' days')::interval + (t.id * 0) * interval '1 second' as q) x;
     insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
       select company_id, ticket_id, user_id, 1 + ticket_id % 3, finished_at, finished_at from ticket_cycles where ticket_id % 3 = 0;
     analyze;`.replace('$1', `'${hash}'`),
  );
  console.log(
    `seeded ${COMPANIES * USERS_PER_COMPANY} users and ${COMPANIES * CUSTOMERS_PER_COMPANY * 3} attended tickets in ${COMPANIES} companies in ${((performance.now() - seedStart) / 1000).toFixed(1)}s`,
  );

  const server = spawn(process.execPath, ['dist/src/main.js'], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', REDIS_PREFIX: dbName, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 100; i += 1) {
      try {
        await request('/api/version');
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await measure('POST /api/auth/login (argon2id)', 20, () =>
      request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'u7-1@bench.example', password: 'Bench123!' }),
      }),
    );
    const { token } = await request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'u7-1@bench.example', password: 'Bench123!' }),
    });
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    await measure('GET /api/auth/me', 300, () => request('/api/auth/me', auth));
    await measure('GET /api/users page 1 (20 of 500)', 300, () => request('/api/users?pageNumber=1', auth));
    await measure('GET /api/users page 20 (deep page)', 300, () => request('/api/users?pageNumber=20', auth));
    await measure('GET /api/users?searchParam=User 7-4', 300, () => request(`/api/users?searchParam=${encodeURIComponent('User 7-4')}`, auth));
    await measure('GET /api/users/list (500 users + queues)', 100, () => request('/api/users/list', auth));
    await measure('GET /api/settings', 300, () => request('/api/settings', auth));
    await measure('GET /api/queue', 300, () => request('/api/queue', auth));
    await measure('GET /api/dashboard?days=30 (6,000 cycles in 90 days, 500 attendants)', 100, () => request('/api/dashboard?days=30', auth));
    const day = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await measure('GET /api/dashboard/ticketsUsers (30 days)', 100, () =>
      request(`/api/dashboard/ticketsUsers?initialDate=${monthAgo}&finalDate=${day}`, auth),
    );
    await measure('GET /api/dashboard/ticketsDay (30 days)', 100, () => request(`/api/dashboard/ticketsDay?initialDate=${monthAgo}&finalDate=${day}`, auth));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropScratch(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
