// Server memory while ten 90 MB uploads arrive at once, refused (no token) and accepted (streamed to disk):
// `npm run bench -- upload-memory`. Needs `npm run build`.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { hashPassword } from '../../dist/src/common/password.js';
import { dropScratch, scratch, sql, startBuiltServer } from './lib.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = 90 * MB;
const PARALLEL = 10;
const PORT = 19000 + Math.floor(Math.random() * 1000);
const BOUNDARY = 'benchBoundary7MA4YWxkTrZu0gW';

/** Resident memory of a process, in MB, from /proc. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Samples the server's RSS while `work` runs; answers the peak. */
async function peakDuring(pid, work) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssOf(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** A multipart upload of `bytes` written as fast as the server takes it, from one reused chunk. */
function upload(path, headers, field, contentType, bytes) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bin"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1');
    let response = '';
    let left = bytes;
    const done = () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0));
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        const size = Math.min(left, chunk.length);
        left -= size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.write(tail);
    };
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${head.length + bytes + tail.length}\r\n${extra}\r\n`,
      );
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      response += data.toString('latin1');
      const [headerText, body] = response.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headerText)?.[1] ?? NaN);
      if (body !== undefined && body.length >= length) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}

async function request(path, init = {}) {
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  const { dbName, dbUrl, dataDir } = await scratch('bench_upload');
  const hash = await hashPassword('Bench123!');
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 10, 10, 10, 10);
     insert into companies (name, plan_id, due_date) values ('Company 1', 1, now() + interval '1 year');
     insert into users (company_id, name, email, password_hash, profile) values (1, 'Admin', 'admin@bench.example', '${hash}', 'admin');
     insert into quick_messages (company_id, user_id, shortcode, message) select 1, 1, 'q' || g, 'Mensagem ' || g from generate_series(1, ${PARALLEL}) g;`,
  );
  const server = await startBuiltServer({ dbUrl, dataDir, dbName, port: PORT, attempts: 150 });
  try {
    const { token } = await request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@bench.example', password: 'Bench123!' }),
    });
    const { rows: quick } = await sql(dbUrl, 'select id from quick_messages order by id');
    // Warm the routes once so the baseline includes what any first request loads.
    await upload(`/api/quick-messages/${quick[0].id}/media-upload`, { Authorization: `Bearer ${token}` }, 'file', 'application/pdf', MB);
    await upload('/api/messages/1', {}, 'medias', 'video/mp4', MB);

    const report = async (label, work) => {
      const before = rssOf(server.child.pid);
      const { result, peak } = await peakDuring(server.child.pid, work);
      const after = rssOf(server.child.pid);
      const statuses = [...new Set(result)].map((s) => `${s}×${result.filter((r) => r === s).length}`).join(' ');
      console.log(
        `${label.padEnd(58)} status ${statuses.padEnd(7)} RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), after ${after.toFixed(0)} MB`,
      );
    };
    console.log(`${PARALLEL} parallel uploads of ${FILE_BYTES / MB} MB each (${(PARALLEL * FILE_BYTES) / MB} MB in total)`);
    await report('unauthenticated POST /api/messages/:ticketId (medias)', () =>
      Promise.all(Array.from({ length: PARALLEL }, () => upload('/api/messages/1', {}, 'medias', 'video/mp4', FILE_BYTES))),
    );
    await report('bad connection token POST /api/messages/send (medias)', () =>
      Promise.all(Array.from({ length: PARALLEL }, () => upload('/api/messages/send', { Authorization: 'Bearer nope' }, 'medias', 'video/mp4', FILE_BYTES))),
    );
    const started = performance.now();
    // Twice: the first round also grows the heap to its working size; the second shows the steady state.
    for (const round of [1, 2]) {
      await report(`authenticated POST /api/quick-messages/:id/media-upload #${round}`, () =>
        Promise.all(
          quick.map((q) => upload(`/api/quick-messages/${q.id}/media-upload`, { Authorization: `Bearer ${token}` }, 'file', 'application/pdf', FILE_BYTES)),
        ),
      );
    }
    const seconds = (performance.now() - started) / 2000;
    const stored = readdirSync(join(dataDir, 'public', 'company1')).length;
    console.log(`authenticated uploads: ${((PARALLEL * FILE_BYTES) / MB / seconds).toFixed(0)} MB/s to disk, ${stored} files stored`);
  } finally {
    await server.stop();
    await dropScratch(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
