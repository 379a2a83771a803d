// The bot under load: 5 companies x 4 simulated connections x 50 customers, each walking menu → queue → option-tree
// leaf (3 turns). Latency is customer message → the bot's answer on the company socket.
import { hashPassword } from '../../dist/src/common/password.js';
import { runBench, startBenchApp } from './in-process.mjs';
import { percentile, sql } from './lib.mjs';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5);
const CONNECTIONS_PER_COMPANY = Number(process.env.BENCH_CONNECTIONS ?? 4);
const CUSTOMERS_PER_CONNECTION = Number(process.env.BENCH_CUSTOMERS ?? 50);
const TURNS = ['oi', '1', '1'];
/** Steady phase: new customers per second, each walking the three turns. */
const RATE = Number(process.env.BENCH_RATE ?? 20);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

async function seed(dbUrl) {
  const hash = await hashPassword('Bench123!');
  await sql(
    dbUrl,
    `insert into plans (name, users, connections, queues, value) values ('Bench', 100, 100, 10, 10);
     insert into companies (name, plan_id, due_date) select 'Company ' || g, 1, now() + interval '1 year' from generate_series(1, ${COMPANIES}) g;
     insert into users (company_id, name, email, password_hash, profile) select c, 'Admin ' || c, 'admin' || c || '@bench.example', '${hash}', 'admin' from generate_series(1, ${COMPANIES}) c;
     insert into queues (company_id, name, color, order_queue, greeting_message)
       select c, q.name, q.color || lpad(c::text, 2, '0'), q.ord, 'Bem-vindo à fila ' || q.name from generate_series(1, ${COMPANIES}) c,
         (values ('Vendas', '#A0A0', 1), ('Suporte', '#B0B0', 2)) q(name, color, ord);
     insert into queue_options (company_id, queue_id, title, message, option)
       select q.company_id, q.id, o.title, o.message, o.n from queues q, (values ('Preços', 'A tabela segue em anexo.', 1), ('Prazos', 'Entregamos em 2 dias.', 2)) o(title, message, n);
     insert into whatsapps (company_id, name, status, provider, is_default, greeting_message)
       select c, 'Sim ' || c || '-' || n, 'CONNECTED', 'simulator', n = 1, 'Olá {{firstName}}! Escolha:' from generate_series(1, ${COMPANIES}) c, generate_series(1, ${CONNECTIONS_PER_COMPANY}) n;
     insert into whatsapp_queues (whatsapp_id, queue_id) select w.id, q.id from whatsapps w join queues q on q.company_id = w.company_id;
     insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) select company_id, id, 'creds', 'creds', '{"simulator":true}' from whatsapps;`,
  );
}

async function main() {
  const { dbUrl, connections, simulator, adminSocket, close } = await startBenchApp('bench_bot', seed);
  try {
    // One customer = one contact number; each waits for the bot's answer before its next turn.
    const byNumber = new Map();
    let made = 0;
    const newCustomer = (connection) => {
      const customer = {
        connection,
        number: `5511${String(connection.id).padStart(3, '0')}${String(++made).padStart(6, '0')}`,
        turn: 0,
        sentAt: 0,
        done: null,
      };
      byNumber.set(customer.number, customer);
      return customer;
    };
    const customers = [];
    for (const connection of connections) for (let n = 0; n < CUSTOMERS_PER_CONNECTION; n += 1) customers.push(newCustomer(connection));
    const latencies = [];
    let answers = 0;
    let extra = 0;
    let sequence = 0;
    const say = (customer) => {
      customer.sentAt = performance.now();
      simulator.session(customer.connection.company_id, customer.connection.id).injectMessage({
        providerId: `BOT${++sequence}`,
        remoteJid: `${customer.number}@s.whatsapp.net`,
        fromMe: false,
        isGroup: false,
        contactNumber: customer.number,
        pushName: `Cliente ${customer.number.slice(-4)}`,
        timestamp: new Date(),
        mediaType: 'chat',
        body: TURNS[customer.turn],
      });
    };
    for (let c = 1; c <= COMPANIES; c += 1) {
      const socket = await adminSocket(`admin${c}@bench.example`, 'Bench123!');
      socket.on(`company-${c}-appMessage`, (payload) => {
        if (payload.action !== 'create' || !payload.message.fromMe) return;
        const customer = byNumber.get(payload.contact?.number ?? payload.ticket?.contact?.number);
        if (!customer || customer.turn >= TURNS.length) {
          extra += 1;
          return;
        }
        latencies.push(performance.now() - customer.sentAt);
        answers += 1;
        customer.turn += 1;
        if (customer.turn < TURNS.length) say(customer);
        else customer.done?.();
      });
    }
    await new Promise((r) => setTimeout(r, 200));

    const start = performance.now();
    await Promise.all(
      customers
        .map(
          (customer) =>
            new Promise((resolve) => {
              customer.done = resolve;
              say(customer);
            }),
        )
        .map((p) => Promise.race([p, new Promise((r) => setTimeout(r, 120000))])),
    );
    const seconds = (performance.now() - start) / 1000;
    const sorted = latencies.slice().sort((x, y) => x - y);
    const expected = customers.length * TURNS.length;
    console.log(
      `bot burst: ${customers.length} customers at once x ${TURNS.length} turns over ${connections.length} connections: ${answers}/${expected} answers in ${seconds.toFixed(1)}s ` +
        `(${(answers / seconds).toFixed(0)} turns/s), answer latency p50=${percentile(sorted, 0.5).toFixed(0)}ms p95=${percentile(sorted, 0.95).toFixed(0)}ms ` +
        `p99=${percentile(sorted, 0.99).toFixed(0)}ms, unexpected answers=${extra}`,
    );
    const walk = (customer) =>
      Promise.race([
        new Promise((resolve) => {
          customer.done = resolve;
          say(customer);
        }),
        new Promise((r) => setTimeout(r, 60000)),
      ]);

    // Steady: customers arrive at a fixed rate, spread over the connections, as a busy afternoon would.
    latencies.length = 0;
    answers = 0;
    const walks = [];
    const steadyStart = performance.now();
    for (let i = 0; i < RATE * STEADY_SECONDS; i += 1) {
      const due = steadyStart + (i / RATE) * 1000;
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      walks.push(walk(newCustomer(connections[i % connections.length])));
    }
    await Promise.all(walks);
    const steadySeconds = (performance.now() - steadyStart) / 1000;
    const steady = latencies.slice().sort((x, y) => x - y);
    console.log(
      `bot steady: ${RATE} new customers/s for ${STEADY_SECONDS}s (${RATE * TURNS.length} turns/s offered): ${answers}/${RATE * STEADY_SECONDS * TURNS.length} answers in ${steadySeconds.toFixed(1)}s, ` +
        `answer latency p50=${percentile(steady, 0.5).toFixed(0)}ms p95=${percentile(steady, 0.95).toFixed(0)}ms p99=${percentile(steady, 0.99).toFixed(0)}ms`,
    );

    const { rows } = await sql(
      dbUrl,
      `select count(*) filter (where queue_id is not null and not chatbot)::int as handed_over, count(*)::int as tickets from tickets`,
    );
    console.log(`database: ${rows[0].handed_over}/${rows[0].tickets} tickets reached a leaf and wait in their queue`);
  } finally {
    await close();
  }
}

runBench(main);
