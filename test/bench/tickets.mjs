// `npm run bench -- tickets`: the issue-15 dataset (1 company, 100,000 tickets, 100,000 contacts, 1,000,000 messages),
// the built server on it, and 20 then 1 clients for 15 s on each shape; then PostgreSQL's planning and execution time
// of each list's statements. Needs `npm run build:server`.
// BENCH_SCALE=0.1 for a quick run; BENCH_SECONDS, BENCH_CLIENTS (a comma list, default 20,1), BENCH_SOCKETS and
// BENCH_FANOUT_RATE change the load;
// BENCH_LOG_LEVEL (default info, as in production) the server's logging; BENCH_KEEP_DB=1 keeps the database;
// BENCH_ONLY=regex measures only the shapes whose label matches; BENCH_CPU_PROF=dir writes a CPU profile of the
// server per shape (read it with `node test/bench/profile-summary.mjs dir/<shape>.cpuprofile`).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { io } from 'socket.io-client';
import { dropScratch, percentile, scratch, startBuiltServer } from './lib.mjs';
import { fetchJson, peakRss, runLoad, settledRowsRead, summary } from './load.mjs';
import { planTimes } from './plan-times.mjs';
import { ADMIN, BIG_CONVERSATION_TICKET, RARE_WORD, SMALL_CONVERSATION_TICKET, seedTickets } from './tickets-seed.mjs';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENT_COUNTS = String(process.env.BENCH_CLIENTS ?? '20,1')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CLIENTS = CLIENT_COUNTS[0];
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const FANOUT_RATE = Number(process.env.BENCH_FANOUT_RATE ?? 50);
const CLOSED_PAGE = 50;
const PORT = 19000 + Math.floor(Math.random() * 1000);
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const CONNECTION_ID = 1;

const loadLine = () =>
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} (${cpus().length} cores)`;

/**
 * Page `page` of a list (or its last, on a small dataset), reached as the API offers: by the cursor it answers, else
 * by page number.
 */
async function deepListPath(get, base, page) {
  let path = `${base}&pageNumber=1`;
  let n = 1;
  for (; n < page; n += 1) {
    const body = await get(path);
    if (!body.hasMore) break;
    path = body.cursor ? `${base}&cursor=${encodeURIComponent(body.cursor)}` : `${base}&pageNumber=${n + 1}`;
  }
  return { path, page: n };
}

/** A message page `depth` messages back in the conversation, by following the API's keyset cursors. */
async function deepMessagesPath(get, ticketId, depth) {
  let path = `/api/messages/${ticketId}`;
  for (let read = 0; read < depth; ) {
    const body = await get(path);
    if (!body.hasMore || !body.cursor) break;
    read += body.messages.length;
    path = `/api/messages/${ticketId}?cursor=${encodeURIComponent(body.cursor)}`;
  }
  return path;
}

function connectSocket(token) {
  const socket = io(`http://127.0.0.1:${PORT}`, { path: '/socket.io', query: { token }, transports: ['websocket'], forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.emit('joinNotification');
      resolve(socket);
    });
    socket.once('connect_error', reject);
  });
}

/** Runs `work` with the server's CPU profiler on (BENCH_CPU_PROF), the profile named after the shape. */
async function profiled(pid, label, work) {
  if (!PROFILE_DIR) return work();
  const name = label
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  mkdirSync(PROFILE_DIR, { recursive: true });
  rmSync(`${PROFILE_DIR}/label.done`, { force: true });
  writeFileSync(`${PROFILE_DIR}/label`, name);
  process.kill(pid, 'SIGWINCH');
  try {
    return await work();
  } finally {
    process.kill(pid, 'SIGWINCH');
    await until(() => existsSync(`${PROFILE_DIR}/label.done`), 30);
  }
}

/** Waits (polling, with a deadline) until `done()` holds. */
async function until(done, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

async function main() {
  const { dbName, dbUrl, dataDir } = await scratch('bench_tickets');
  const sockets = [];
  let server = null;
  try {
    const seedStart = performance.now();
    const n = await seedTickets(dbUrl, SCALE);
    console.log(
      `seeded ${n.tickets} tickets (${n.open} open, ${n.pending} pending), ${n.tickets} contacts, ${n.messages} messages ` +
        `(one conversation of ${n.bigConversation}) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${loadLine()}`,
    );
    server = await startBuiltServer({ dbUrl, dataDir, dbName, port: PORT, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' });
    const pid = server.child.pid;
    const { token } = await fetchJson(PORT, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const headers = { authorization: `Bearer ${token}` };
    const get = (path) => fetchJson(PORT, { path, headers });

    // The counts the lists answer come from the counters: they must match what was seeded.
    const open = await get('/api/tickets?status=open&showAll=true&pageNumber=1');
    if (open.count !== n.open) throw new Error(`open tickets count ${open.count}, seeded ${n.open}: the ticket counters were not filled`);
    const closed = await deepListPath(get, '/api/tickets?status=closed&showAll=true', CLOSED_PAGE);
    const closedByNumber = `/api/tickets?status=closed&showAll=true&pageNumber=${closed.page}`;
    const deepMessages = await deepMessagesPath(get, BIG_CONVERSATION_TICKET, Math.round(n.bigConversation * 0.9));
    const shapes = [
      ['open tickets, page 1', '/api/tickets?status=open&showAll=true&pageNumber=1'],
      ['pending tickets, page 1', '/api/tickets?status=pending&showAll=true&pageNumber=1'],
      [`search "${RARE_WORD}" (0.1% of messages)`, `/api/tickets?searchParam=${RARE_WORD}&showAll=true&pageNumber=1`],
      [`closed tickets, page ${closed.page} (${closed.path.includes('cursor=') ? 'cursor' : 'pageNumber'})`, closed.path],
      ...(closed.path.includes('cursor=') ? [[`closed tickets, page ${closed.page} (pageNumber)`, closedByNumber]] : []),
      ['message page, 50-message ticket', `/api/messages/${SMALL_CONVERSATION_TICKET}`],
      [`message page ${Math.round(n.bigConversation * 0.9)} deep (cursor)`, deepMessages],
    ];
    const reads = shapes.filter(([label]) => ONLY.test(label));
    // Warm every shape once (plans, prepared statements, JIT), then let PostgreSQL publish its counters.
    for (const [, path] of reads) await runLoad({ port: PORT, clients: CLIENTS, seconds: 1, next: () => ({ path, headers }) });
    let rowsBefore = await settledRowsRead(dbUrl);
    for (const clients of CLIENT_COUNTS) {
      console.log(
        `\n${clients} client${clients === 1 ? '' : 's'} x ${SECONDS} s per shape (closed loop, keep-alive); rows/req = pg_stat_user_tables seq_tup_read + idx_tup_fetch`,
      );
      for (const [label, path] of reads) {
        const { result, ...usage } = await peakRss(pid, () =>
          profiled(pid, `${label} ${clients}`, () => runLoad({ port: PORT, clients, seconds: SECONDS, next: () => ({ path, headers }) })),
        );
        const rowsAfter = await settledRowsRead(dbUrl);
        console.log(summary(label, result, { ...usage, rows: rowsAfter - rowsBefore }));
        if (result.firstError) console.log(`  first error: ${result.firstError}`);
        rowsBefore = rowsAfter;
      }
    }

    // What PostgreSQL spends per statement of each list, planning and executing, in the server's plan mode.
    const { abilityFor } = await import('../../dist/src/shared/permissions.js');
    const me = await get('/api/auth/me');
    const admin = me.user ?? me;
    const ctx = {
      userId: admin.id,
      companyId: 1,
      profile: 'admin',
      super: false,
      allTicket: false,
      queueIds: [],
      ability: abilityFor({ id: admin.id, profile: 'admin', super: false, queueIds: [], allTicket: false }),
    };
    const cursorOf = (path) => {
      const raw = new URL(path, 'http://x').searchParams.get('cursor');
      if (!raw) return null;
      const [lastMessageAt, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
      return { lastMessageAt, id };
    };
    const planned = await planTimes(dbUrl, ctx, [
      ['open page 1', { status: 'open', showAll: true }, 0],
      ['pending page 1', { status: 'pending', showAll: true }, 0],
      [`closed page ${closed.page} (cursor)`, { status: 'closed', showAll: true, position: cursorOf(closed.path) }, 0],
      [`closed page ${closed.page} (pageNumber)`, { status: 'closed', showAll: true }, (closed.page - 1) * 40],
    ]);
    console.log(`\nPostgreSQL per statement (${planned.generic ? 'generic plans, as the server runs them' : 'default plan mode'}; 7th execution):`);
    for (const line of planned.lines)
      console.log(`  ${line.label.padEnd(40)} planning ${line.planning.toFixed(3)} ms | execution ${line.execution.toFixed(3)} ms`);

    // Inbound and fan-out run together (the fan-out reuses the inbound's sockets).
    if (!ONLY.test('inbound') && !ONLY.test('fan-out')) return;

    // Inbound: 20 clients post simulated customer messages into the open tickets; one admin socket times each to its event.
    const sentAt = new Map();
    const arrivedAt = new Map();
    const watcher = await connectSocket(token);
    sockets.push(watcher);
    watcher.on('company-1-appMessage', (payload) => {
      if (payload.action === 'create' && sentAt.has(payload.message.providerId)) arrivedAt.set(payload.message.providerId, performance.now());
    });
    const inboundSpec = (i) => {
      const id = `BIN${i}`;
      sentAt.set(id, performance.now());
      const contact = 3 + (i % (n.open - 2));
      return {
        method: 'POST',
        path: `/api/dev/simulator/${CONNECTION_ID}/inbound`,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ from: `55119${String(contact).padStart(8, '0')}`, name: `Cliente ${contact}`, body: `mensagem de teste ${i}`, id }),
      };
    };
    const { result: inbound, ...inboundUsage } = await peakRss(pid, async () => {
      const run = await runLoad({ port: PORT, clients: CLIENTS, seconds: SECONDS, next: inboundSpec });
      // The pipeline drains what was accepted before the fan-out starts, so the fan-out times only its own messages.
      await until(() => arrivedAt.size >= run.requests - run.errors, 300);
      return run;
    });
    const rowsAfterInbound = await settledRowsRead(dbUrl);
    console.log(summary('inbound (POST simulator message, accepted)', inbound, { ...inboundUsage, rows: rowsAfterInbound - rowsBefore }));
    if (inbound.firstError) console.log(`  first error: ${inbound.firstError}`);
    const endToEnd = [...arrivedAt].map(([id, at]) => at - sentAt.get(id)).sort((a, b) => a - b);
    const drained = (Math.max(...arrivedAt.values()) - Math.min(...sentAt.values())) / 1000;
    console.log(
      `  inbound to socket event: ${endToEnd.length} of ${inbound.requests - inbound.errors} arrived (${(endToEnd.length / drained).toFixed(0)} msg/s processed), ` +
        `p50 ${percentile(endToEnd, 0.5)?.toFixed(0)} ms, p99 ${percentile(endToEnd, 0.99)?.toFixed(0)} ms`,
    );
    rowsBefore = rowsAfterInbound;

    // Fan-out: BENCH_SOCKETS admin sockets, messages injected at a fixed rate; every socket must get every message.
    for (let i = sockets.length; i < SOCKETS; i += 1) sockets.push(await connectSocket(token));
    const fanSent = new Map();
    const deliveries = [];
    for (const socket of sockets) {
      socket.on('company-1-appMessage', (payload) => {
        const at = fanSent.get(payload.message?.providerId);
        if (payload.action === 'create' && at !== undefined) deliveries.push(performance.now() - at);
      });
    }
    const fanStart = performance.now();
    let injected = 0;
    let fanErrors = 0;
    const { rssMb: fanRss } = await peakRss(pid, async () => {
      const posts = [];
      while (performance.now() - fanStart < SECONDS * 1000) {
        const due = Math.floor(((performance.now() - fanStart) / 1000) * FANOUT_RATE);
        for (; injected < due; injected += 1) {
          const spec = inboundSpec(1_000_000 + injected);
          const id = JSON.parse(spec.body).id;
          fanSent.set(id, performance.now());
          posts.push(fetchJson(PORT, spec).catch(() => (fanErrors += 1)));
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all(posts);
      await until(() => deliveries.length >= injected * sockets.length, 60);
    });
    const fanRows = (await settledRowsRead(dbUrl)) - rowsBefore;
    deliveries.sort((a, b) => a - b);
    console.log(
      `${`fan-out (${sockets.length} sockets, ${FANOUT_RATE} msg/s)`.padEnd(44)} | ${injected} messages, ${deliveries.length} of ${injected * sockets.length} deliveries ` +
        `(${(deliveries.length / SECONDS).toFixed(0)}/s) | p50 ${percentile(deliveries, 0.5)?.toFixed(0)} ms | p99 ${percentile(deliveries, 0.99)?.toFixed(0)} ms | ` +
        `errors ${fanErrors} | rss ${fanRss.toFixed(0)} MB | rows/msg ${injected ? (fanRows / injected).toFixed(0) : '-'} | ${loadLine()}`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await server?.stop();
    if (!process.env.BENCH_KEEP_DB) await dropScratch(dbName);
    else console.log(`kept database ${dbName}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
