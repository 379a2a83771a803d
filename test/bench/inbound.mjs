// Inbound throughput: 5 companies x 10 simulated connections, one admin socket per company, provider event → socket frame.
// Per phase: accepted (recorded in the inbox) and processed (on the socket) per second, latency accept → socket, and
// how long after the last message the inbox backlog reached 0. BENCH_BOT=1 gives every connection a greeting and two
// queues, so the bot answers each message (its sends are acked sent/delivered/read by the simulator, which the
// pipeline also records and applies).
import { performance as perf } from 'node:perf_hooks';
import { hashPassword } from '../../dist/src/common/password.js';
import { runBench, startBenchApp } from './in-process.mjs';
import { inboxDrainedAfter, latencySummary, machineCpu, sql, until } from './lib.mjs';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5);
const CONNECTIONS_PER_COMPANY = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CUSTOMERS_PER_CONNECTION = 50;
const BURST = Number(process.env.BENCH_BURST ?? 10000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BOT = process.env.BENCH_BOT === '1';

async function seed(dbUrl) {
  const hash = await hashPassword('Bench123!');
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 100, 100, 10, 10);
     insert into companies (name, plan_id, due_date) select 'Company ' || g, 1, now() + interval '1 year' from generate_series(1, ${COMPANIES}) g;
     insert into settings (company_id, key, value) select c, 'CheckMsgIsGroup', 'enabled' from generate_series(1, ${COMPANIES}) c;
     insert into users (company_id, name, email, password_hash, profile) select c, 'Admin ' || c, 'admin' || c || '@bench.example', '${hash}', 'admin' from generate_series(1, ${COMPANIES}) c;
     insert into whatsapps (company_id, name, status, provider, is_default, greeting_message)
       select c, 'Sim ' || c || '-' || n, 'CONNECTED', 'simulator', n = 1, ${BOT ? `'Olá {{firstName}}! Escolha:'` : 'null'}
         from generate_series(1, ${COMPANIES}) c, generate_series(1, ${CONNECTIONS_PER_COMPANY}) n;
     insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) select company_id, id, 'creds', 'creds', '{"simulator":true}' from whatsapps;`,
  );
  if (BOT)
    await sql(
      dbUrl,
      `insert into queues (company_id, name, color, order_queue, greeting_message)
         select c, q.name, q.color || lpad(c::text, 2, '0'), q.ord, 'Bem-vindo à fila ' || q.name from generate_series(1, ${COMPANIES}) c,
           (values ('Vendas', '#A0A0', 1), ('Suporte', '#B0B0', 2)) q(name, color, ord);
       insert into whatsapp_queues (whatsapp_id, queue_id) select w.id, q.id from whatsapps w join queues q on q.company_id = w.company_id;`,
    );
}

async function main() {
  const { dbUrl, connections, simulator, adminSocket, close } = await startBenchApp('bench_in', seed);
  try {
    const sentAt = new Map();
    const latencies = [];
    let received = 0;
    let accepted = 0;
    let botAnswers = 0;
    let duplicates = 0;
    const seen = new Set();
    for (let c = 1; c <= COMPANIES; c += 1) {
      const socket = await adminSocket(`admin${c}@bench.example`, 'Bench123!');
      socket.on(`company-${c}-appMessage`, (payload) => {
        if (payload.action !== 'create') return;
        if (payload.message.fromMe) {
          botAnswers += 1;
          return;
        }
        const id = payload.message.providerId;
        if (seen.has(id)) duplicates += 1;
        seen.add(id);
        received += 1;
        latencies.push(performance.now() - sentAt.get(id));
      });
    }
    await new Promise((r) => setTimeout(r, 200));

    let sequence = 0;
    const injectOne = () => {
      const connection = connections[sequence % connections.length];
      const customer = Math.floor(sequence / connections.length) % CUSTOMERS_PER_CONNECTION;
      const id = `B${sequence}`;
      const from = `55119${String(connection.id).padStart(3, '0')}${String(customer).padStart(5, '0')}`;
      sequence += 1;
      sentAt.set(id, performance.now());
      void simulator
        .session(connection.company_id, connection.id)
        .injectMessage({
          providerId: id,
          remoteJid: `${from}@s.whatsapp.net`,
          fromMe: false,
          isGroup: false,
          contactNumber: from,
          pushName: `Cliente ${customer}`,
          timestamp: new Date(),
          mediaType: 'chat',
          body: `mensagem ${id}`,
        })
        .then(() => {
          accepted += 1;
          if (accepted === acceptGoal) acceptedAt = performance.now();
        });
    };
    let acceptGoal = 0;
    let acceptedAt = 0;
    const waitForAll = (count, timeoutMs) => until(() => received >= count, timeoutMs);
    const report = async (label, count, started, injectedAt) => {
      const processedAt = performance.now();
      const drained = await inboxDrainedAfter(dbUrl, injectedAt);
      const acceptSeconds = ((acceptedAt || processedAt) - started) / 1000;
      console.log(
        `${label}: ${count} messages; accepted ${(count / acceptSeconds).toFixed(0)} msg/s, processed ${(count / ((processedAt - started) / 1000)).toFixed(0)} msg/s${BOT ? ` (+${botAnswers} bot answers)` : ''}; latency accept→socket ${latencySummary(latencies)}; backlog 0 ${drained} after the last message; lost=${count - seen.size}, duplicated=${duplicates}`,
      );
    };
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const eluBefore = perf.eventLoopUtilization();

    // 1. Burst: everything at once; throughput is bounded by the pipeline, latency includes queueing.
    const burstStart = performance.now();
    acceptGoal = BURST;
    for (let i = 0; i < BURST; i += 1) injectOne();
    const burstInjected = performance.now();
    await waitForAll(BURST, 120000);
    await report(`burst (${BURST} at once over ${connections.length} connections)`, BURST, burstStart, burstInjected);

    // 2. Steady: a fixed offered rate, in 10 ms ticks.
    latencies.length = 0;
    seen.clear();
    received = 0;
    accepted = 0;
    acceptedAt = 0;
    botAnswers = 0;
    duplicates = 0;
    const total = RATE * STEADY_SECONDS;
    acceptGoal = total;
    const steadyStart = performance.now();
    let injected = 0;
    while (injected < total) {
      const due = Math.min(total, Math.floor(((performance.now() - steadyStart) / 1000) * RATE));
      while (injected < due) {
        injectOne();
        injected += 1;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const lastInjected = performance.now();
    await waitForAll(total, 60000);
    await report(`steady (${RATE} msg/s offered for ${STEADY_SECONDS}s)`, total, steadyStart, lastInjected);
    const cpu = process.cpuUsage(cpuBefore);
    const machine = machineCpu(machineBefore);
    console.log(
      `process (app and driver): ${((cpu.user + cpu.system) / 1000 / (BURST + total)).toFixed(2)} ms CPU per inbound message, event loop busy ${(perf.eventLoopUtilization(eluBefore).utilization * 100).toFixed(0)}% of the run, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    );
    if (machine !== null) console.log(`machine (app, PostgreSQL, Redis, driver): ${(machine / (BURST + total)).toFixed(2)} ms CPU per inbound message`);

    const { rows } = await sql(
      dbUrl,
      `select count(*) filter (where not from_me)::int as messages, count(distinct provider_id) filter (where not from_me)::int as distinct_ids,
              count(*) filter (where from_me)::int as answers from messages`,
    );
    console.log(
      `database: ${rows[0].messages} customer messages stored, ${rows[0].distinct_ids} distinct provider ids (expected ${BURST + total}), ${rows[0].answers} bot answers`,
    );
  } finally {
    await close();
  }
}

runBench(main);
