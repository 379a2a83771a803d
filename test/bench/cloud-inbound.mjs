// Cloud API inbound throughput: 5 companies x 2 WhatsApp Cloud API connections on the local Graph API fake, one admin
// socket per company. Each customer message is a signed webhook POSTed to the app over HTTP (keep-alive, at most
// BENCH_IN_FLIGHT at once, as Meta's delivery does), in Meta's documented shape. Per phase: accepted (answered 200, so
// recorded in the inbox) and processed (on the socket) per second, latency POST → socket, and how long after the last
// message the inbox backlog reached 0. Compare with `npm run bench -- inbound` (the simulator's figure).
import { Agent, request } from 'node:http';
import { performance as perf } from 'node:perf_hooks';
import { hashPassword } from '../../dist/src/common/password.js';
import { startFakeGraphApi } from '../../dist/src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID } from '../../dist/src/channels/cloud-api/fake-graph-fixtures.js';
import { signWebhook } from '../../dist/src/channels/cloud-api/webhook-signature.js';
import { runBench, startBenchApp } from './in-process.mjs';
import { inboxDrainedAfter, latencySummary, machineCpu, sql, until } from './lib.mjs';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5);
const CONNECTIONS_PER_COMPANY = Number(process.env.BENCH_CONNECTIONS ?? 2);
const CUSTOMERS_PER_CONNECTION = 50;
const BURST = Number(process.env.BENCH_BURST ?? 10000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
const APP_SECRET = 'bench-app-secret';

async function seed(dbUrl) {
  const hash = await hashPassword('Bench123!');
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 100, 100, 10, 10);
     insert into companies (name, plan_id, due_date) select 'Company ' || g, 1, now() + interval '1 year' from generate_series(1, ${COMPANIES}) g;
     insert into users (company_id, name, email, password_hash, profile) select c, 'Admin ' || c, 'admin' || c || '@bench.example', '${hash}', 'admin' from generate_series(1, ${COMPANIES}) c;`,
  );
}

const phoneNumberId = (company, n) => `1065${String(company).padStart(3, '0')}${String(n).padStart(4, '0')}`;

async function main() {
  const numbers = [];
  for (let c = 1; c <= COMPANIES; c += 1)
    for (let n = 1; n <= CONNECTIONS_PER_COMPANY; n += 1)
      numbers.push({ id: phoneNumberId(c, n), display_phone_number: `1555${c}${String(n).padStart(6, '0')}`, verified_name: `Bench ${c}-${n}` });
  const fake = await startFakeGraphApi({ appSecret: APP_SECRET, phoneNumbers: numbers, autoStatuses: false, keep: 100 });
  const { baseUrl, dbUrl, adminSocket, close } = await startBenchApp('bench_cloud', seed, {}, { CLOUD_API_GRAPH_URL: fake.baseUrl });
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  try {
    // The connections, created and started as an admin does it (the start reads each number from the fake).
    const connections = [];
    for (let c = 1; c <= COMPANIES; c += 1) {
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `admin${c}@bench.example`, password: 'Bench123!' }),
      });
      const auth = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' };
      for (let n = 1; n <= CONNECTIONS_PER_COMPANY; n += 1) {
        const cloud = {
          phoneNumberId: phoneNumberId(c, n),
          businessAccountId: FAKE_BUSINESS_ACCOUNT_ID,
          accessToken: FAKE_ACCESS_TOKEN,
          appSecret: APP_SECRET,
        };
        const created = await fetch(`${baseUrl}/api/whatsapp`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ name: `Cloud ${c}-${n}`, provider: 'cloud', cloud }),
        });
        if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${await created.text()}`);
        const { id } = await created.json();
        const started = await fetch(`${baseUrl}/api/whatsappsession/${id}`, { method: 'POST', headers: auth });
        if (started.status !== 200) throw new Error(`connection ${id} not started: ${started.status}`);
        connections.push({ id, companyId: c, phoneNumberId: cloud.phoneNumberId });
      }
    }
    const deadline = Date.now() + 20000;
    for (;;) {
      const { rows } = await sql(dbUrl, `select count(*)::int as n from whatsapps where provider = 'cloud' and status = 'CONNECTED'`);
      if (rows[0].n === connections.length) break;
      if (Date.now() > deadline) throw new Error('cloud connections did not connect');
      await new Promise((r) => setTimeout(r, 50));
    }

    const sentAt = new Map();
    const latencies = [];
    let received = 0;
    let duplicates = 0;
    const seen = new Set();
    for (let c = 1; c <= COMPANIES; c += 1) {
      const socket = await adminSocket(`admin${c}@bench.example`, 'Bench123!');
      socket.on(`company-${c}-appMessage`, (payload) => {
        if (payload.action !== 'create' || payload.message.fromMe) return;
        const id = payload.message.providerId;
        if (seen.has(id)) duplicates += 1;
        seen.add(id);
        received += 1;
        latencies.push(performance.now() - sentAt.get(id));
      });
    }
    await new Promise((r) => setTimeout(r, 200));

    let sequence = 0;
    let accepted = 0;
    let refused = 0;
    let acceptGoal = 0;
    let acceptedAt = 0;
    let inFlight = 0;
    const waiting = [];
    const post = (connection, raw) =>
      new Promise((resolve, reject) => {
        const req = request(
          `${baseUrl}/api/cloud-api/${connection.id}/webhook`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': raw.length, 'x-hub-signature-256': signWebhook(raw, APP_SECRET) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(raw);
      });
    const deliverOne = async () => {
      const connection = connections[sequence % connections.length];
      const customer = Math.floor(sequence / connections.length) % CUSTOMERS_PER_CONNECTION;
      const id = `wamid.BENCH${sequence}`;
      const from = `55119${String(connection.id).padStart(3, '0')}${String(customer).padStart(5, '0')}`;
      sequence += 1;
      const raw = Buffer.from(
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: FAKE_BUSINESS_ACCOUNT_ID,
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { display_phone_number: '15550000000', phone_number_id: connection.phoneNumberId },
                    contacts: [{ profile: { name: `Cliente ${customer}` }, wa_id: from }],
                    messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `mensagem ${id}` } }],
                  },
                },
              ],
            },
          ],
        }),
      );
      if (inFlight >= IN_FLIGHT) await new Promise((resolve) => waiting.push(resolve));
      inFlight += 1;
      sentAt.set(id, performance.now());
      try {
        const status = await post(connection, raw);
        if (status === 200) accepted += 1;
        else refused += 1;
      } catch {
        refused += 1;
      } finally {
        inFlight -= 1;
        waiting.shift()?.();
      }
      if (accepted === acceptGoal) acceptedAt = performance.now();
    };
    const waitForAll = (count, timeoutMs) => until(() => received >= count, timeoutMs);
    const report = async (label, count, started, injectedAt) => {
      const processedAt = performance.now();
      const drained = await inboxDrainedAfter(dbUrl, injectedAt);
      const acceptSeconds = ((acceptedAt || processedAt) - started) / 1000;
      console.log(
        `${label}: ${count} webhooks; accepted ${(count / acceptSeconds).toFixed(0)} msg/s (${refused} refused), processed ${(count / ((processedAt - started) / 1000)).toFixed(0)} msg/s; latency POST→socket ${latencySummary(latencies)}; backlog 0 ${drained} after the last message; lost=${count - seen.size}, duplicated=${duplicates}`,
      );
    };
    const reset = () => {
      latencies.length = 0;
      seen.clear();
      received = 0;
      accepted = 0;
      refused = 0;
      acceptedAt = 0;
      duplicates = 0;
    };
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const eluBefore = perf.eventLoopUtilization();

    // 1. Burst: everything queued at once (at most IN_FLIGHT on the wire), bounded by the app.
    const burstStart = performance.now();
    acceptGoal = BURST;
    const burst = [];
    for (let i = 0; i < BURST; i += 1) burst.push(deliverOne());
    const burstInjected = performance.now();
    await Promise.all(burst);
    await waitForAll(BURST, 120000);
    await report(`burst (${BURST} at once over ${connections.length} connections, ${IN_FLIGHT} in flight)`, BURST, burstStart, burstInjected);

    // 2. Steady: a fixed offered rate, in 10 ms ticks.
    reset();
    const total = RATE * STEADY_SECONDS;
    acceptGoal = total;
    const steadyStart = performance.now();
    const steady = [];
    let injected = 0;
    while (injected < total) {
      const due = Math.min(total, Math.floor(((performance.now() - steadyStart) / 1000) * RATE));
      while (injected < due) {
        steady.push(deliverOne());
        injected += 1;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const lastInjected = performance.now();
    await Promise.all(steady);
    await waitForAll(total, 60000);
    await report(`steady (${RATE} msg/s offered for ${STEADY_SECONDS}s)`, total, steadyStart, lastInjected);
    const cpu = process.cpuUsage(cpuBefore);
    const machine = machineCpu(machineBefore);
    console.log(
      `process (app, fake and driver): ${((cpu.user + cpu.system) / 1000 / (BURST + total)).toFixed(2)} ms CPU per webhook, event loop busy ${(perf.eventLoopUtilization(eluBefore).utilization * 100).toFixed(0)}% of the run, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    );
    if (machine !== null) console.log(`machine (app, PostgreSQL, Redis, fake, driver): ${(machine / (BURST + total)).toFixed(2)} ms CPU per webhook`);
    const { rows } = await sql(dbUrl, `select count(*)::int as messages, count(distinct provider_id)::int as distinct_ids from messages`);
    console.log(`database: ${rows[0].messages} messages stored, ${rows[0].distinct_ids} distinct provider ids (expected ${BURST + total})`);
  } finally {
    agent.destroy();
    await close();
    await fake.close();
  }
}

runBench(main);
