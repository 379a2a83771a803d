// A 50,000-row spreadsheet import against a built server (`npm run bench -- import`; needs `npm run build`): how
// long the import takes, and the API's latency (GET /api/contact-lists/list) before and during it, to show the import
// does not block the API. The company has a simulated WhatsApp connection, so every number is checked.
import { rmSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { hashPassword } from '../../dist/src/common/password.js';
import { dropScratch, percentile, scratch, sql, startBuiltServer } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const PORT = 19000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
/** Pause between two latency probes: a steady trickle of requests, like people using the app meanwhile. */
const PROBE_GAP_MS = 20;

/**
 * ROWS rows: 5% not on WhatsApp (the simulator refuses numbers ending in 0000), 2% repeating the row before (in the
 * other spelling), 0.5% too short to be a phone; every other row written without the ninth digit, the rest masked.
 */
function spreadsheet() {
  const cells = [['NOME', 'Número', 'E-mail']];
  for (let i = 0; i < ROWS; i += 1) {
    const n = i % 50 === 49 ? i - 1 : i;
    const areaCode = 11 + Math.floor(n / 20_000);
    const eight = n % 20 === 0 ? `7${String((n / 20) % 1000).padStart(3, '0')}0000` : `8${String(n).padStart(7, '0')}`;
    let number = i % 2 ? `+55 (${areaCode}) 9${eight.slice(0, 4)}-${eight.slice(4)}` : `55${areaCode}${eight}`;
    if (i % 200 === 7) number = `9${i}`;
    cells.push([`Cliente ${i}`, number, i % 3 === 0 ? `cliente${i}@example.com` : '']);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

async function request(path, init = {}, token) {
  const send = () => fetch(`${BASE}${path}`, { ...init, headers: { ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  // A kept-alive socket the server closed while idle fails once; a GET is simply sent again.
  const res = await send().catch((error) => (init.method ? Promise.reject(error) : send()));
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** Latencies (ms) of GET /api/contact-lists/list, one after another, while `keepGoing()` holds. */
async function probe(token, keepGoing) {
  const latencies = [];
  while (keepGoing()) {
    const started = performance.now();
    await request('/api/contact-lists/list', {}, token);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }
  return latencies.sort((a, b) => a - b);
}

const describe = (sorted) =>
  `${sorted.length} requests, p50=${percentile(sorted, 0.5).toFixed(1)}ms p95=${percentile(sorted, 0.95).toFixed(1)}ms p99=${percentile(sorted, 0.99).toFixed(1)}ms max=${sorted.at(-1).toFixed(1)}ms`;

async function main() {
  const built = performance.now();
  const file = spreadsheet();
  console.log(
    `spreadsheet: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx (written in ${((performance.now() - built) / 1000).toFixed(1)} s)`,
  );
  const { dbName, dbUrl, dataDir } = await scratch('bench_import');
  const hash = await hashPassword('Bench123!');
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 10, 10, 10, 10);
     insert into companies (name, plan_id, due_date) values ('Company 1', 1, now() + interval '1 year');
     insert into settings (company_id, key, value) values (1, 'campaignsEnabled', 'true');
     insert into users (company_id, name, email, password_hash, profile) values (1, 'Admin', 'admin@bench.example', '${hash}', 'admin');
     insert into whatsapps (company_id, name, status, provider, is_default) values (1, 'Sim', 'CONNECTED', 'simulator', true);
     insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) select company_id, id, 'creds', 'creds', '{"simulator":true}' from whatsapps;
     insert into contact_lists (company_id, name) select 1, 'Lista ' || g from generate_series(1, 20) g;`,
  );
  const server = await startBuiltServer({ dbUrl, dataDir, dbName, port: PORT });
  try {
    const { token } = await request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@bench.example', password: 'Bench123!' }),
    });
    // The simulated connection comes back with the boot sweep: wait until a number check answers.
    for (let i = 0; i < 150; i += 1) {
      const item = await fetch(`${BASE}/api/contact-list-items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Probe', number: `55119${String(i).padStart(8, '0')}`, contactListId: 1 }),
      }).then((r) => r.json());
      if (item.isWhatsappValid !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const list = await request(
      '/api/contact-lists',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Importada' }) },
      token,
    );

    const warmup = Date.now() + 1000;
    await probe(token, () => Date.now() < warmup);
    const idleEnd = Date.now() + 5000;
    const idle = await probe(token, () => Date.now() < idleEnd);
    console.log(`GET /api/contact-lists/list idle:           ${describe(idle)}`);

    let finished = null;
    const during = probe(token, () => !finished);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'contatos.xlsx');
    const queued = await request(`/api/contact-lists/${list.id}/upload`, { method: 'POST', body: form }, token);
    const accepted = performance.now() - started;
    while (!finished) {
      await new Promise((r) => setTimeout(r, 100));
      const { import: row } = await request(`/api/contact-lists/${list.id}/imports/latest`, {}, token);
      if (row.status === 'done' || row.status === 'failed') finished = row;
    }
    const seconds = (performance.now() - started) / 1000;
    const latencies = await during;
    if (finished.id !== queued.id || finished.status !== 'done') throw new Error(`import ended ${JSON.stringify(finished)}`);
    const counts = await request(`/api/contact-lists/${list.id}`, {}, token);
    console.log(`POST /upload answered 202 in ${accepted.toFixed(0)} ms (stored and queued; over 2 MB the job alone reads the header)`);
    console.log(
      `import done in ${seconds.toFixed(1)} s (${(ROWS / seconds).toFixed(0)} rows/s): ${finished.total} rows, ${finished.valid} valid, ${finished.invalid} invalid, ${finished.duplicates} duplicates merged; list has ${counts.itemCount} items, ${counts.validCount} valid`,
    );
    console.log(`GET /api/contact-lists/list during import:  ${describe(latencies)}`);
    console.log(`p99 during / idle: ${(percentile(latencies, 0.99) / percentile(idle, 0.99)).toFixed(2)}x`);
  } finally {
    await server.stop();
    await dropScratch(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
