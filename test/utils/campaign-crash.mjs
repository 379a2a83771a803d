// Faults in the middle of a campaign or a list import, counted on what the customer received: kill -9 of the server
// (once or several times), a Redis that dies and comes back empty under two processes, an import killed while it runs.
// Used by the e2e tests (test/e2e/security/campaign-crash.e2e-spec.ts, campaign-faults.e2e-spec.ts,
// import-faults.e2e-spec.ts) and by `npm run bench -- campaign` and `npm run bench -- faults`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { Redis } from 'ioredis';
import { freePort, login, query, seed, startServer as startQuietServer, waitUntil } from './crash-scenario.mjs';

/** Deadlines are multiplied by this (a busy CI machine sets it higher). */
const TIME_FACTOR = Number(process.env.TEST_TIME_FACTOR ?? 1) || 1;

/** What the simulated WhatsApp received on the connection (it outlives the killed process). */
export function wireOf(dataDir, connectionId) {
  const file = join(dataDir, 'simulator', `wire-${connectionId}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((entry) => !entry.underWay);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let started = 0;
/**
 * The server as crash-scenario.mjs starts it; with FAULTS_LOG_DIR set, the same process with its log (LOG_LEVEL from
 * FAULTS_LOG_LEVEL, warn by default) written to a file there per start, to see what a fault did.
 */
function startServer(options) {
  const dir = process.env.FAULTS_LOG_DIR;
  if (!dir) return startQuietServer(options);
  mkdirSync(dir, { recursive: true });
  started += 1;
  const log = createWriteStream(join(dir, `server-${started}-${options.extraEnv?.ROLE ?? 'all'}.log`));
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      NODE_OPTIONS: '',
      DATABASE_URL: options.dbUrl,
      REDIS_PREFIX: options.redisPrefix,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DEMO_DATA: 'false',
      CONNECTION_LEASE_TTL_MS: '2000',
      CONNECTION_SWEEP_MS: '500',
      ...options.extraEnv,
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => '' };
}

/** Waits for `probe` like waitUntil, but answers false instead of throwing when the time is up. */
async function within(probe, timeoutMs) {
  try {
    await waitUntil(probe, timeoutMs, 'probe');
    return true;
  } catch {
    return false;
  }
}

/** A list of `items` numbers (every 25th not on WhatsApp) and the campaign settings; answers the list and its valid numbers. */
async function seedCampaign(dbUrl, { items, messageInterval }) {
  const { companyId, connectionId } = await seed(dbUrl);
  const [list] = await query(dbUrl, `insert into contact_lists (company_id, name) values ($1, 'Crash') returning id`, [companyId]);
  await query(
    dbUrl,
    `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
     select $1, $2, 'Cliente ' || g, '55119' || lpad(g::text, 8, '0'), g % 25 <> 0 from generate_series(1, $3) g`,
    [companyId, list.id, items],
  );
  await query(dbUrl, `insert into settings (company_id, key, value) values ($1, 'campaignsEnabled', 'true')`, [companyId]);
  for (const [key, value] of [
    ['messageInterval', String(messageInterval)],
    ['longerIntervalAfter', '0'],
    ['dailyCap', '0'],
  ]) {
    await query(dbUrl, `insert into campaign_settings (company_id, key, value) values ($1, $2, $3)`, [companyId, key, value]);
  }
  // A number ending in 0999 refuses messages in the simulator (lists of 999 items or more have one): not a loss.
  const valid = await query(dbUrl, `select number from contact_list_items where contact_list_id = $1 and is_whatsapp_valid and number not like '%0999'`, [
    list.id,
  ]);
  return { companyId, connectionId, listId: list.id, validNumbers: new Set(valid.map((r) => r.number)) };
}

async function createCampaign(baseUrl, token, listId, connectionId) {
  const res = await fetch(`${baseUrl}/api/campaigns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash', message1: 'Oi {nome}', contactListId: listId, whatsappId: connectionId, scheduledAt: new Date().toISOString() }),
  });
  if (res.status !== 201) throw new Error(`campaign not created: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The longest time without a send from `from` until the last send (or until `until` when nothing came after). */
function longestSilence(wire, from, until) {
  const times = wire
    .map((entry) => new Date(entry.at).getTime())
    .filter((at) => at >= from)
    .sort((a, b) => a - b);
  let last = from;
  let longest = 0;
  for (const at of times) {
    longest = Math.max(longest, at - last);
    last = at;
  }
  return times.length ? longest : until - from;
}

/**
 * The customer's view against the campaign's own report: lost (valid numbers that got nothing), duplicated (numbers
 * that got two different messages), same-id resends (a send repeated with its fixed id: WhatsApp keeps one), sends to
 * numbers not on WhatsApp, and what the report says wrongly (recipients marked delivered that got nothing, or that got
 * the message and are not marked delivered, plus a campaign not FINALIZADA).
 */
async function tally(dbUrl, campaignId, wire, validNumbers) {
  const idsByNumber = new Map();
  for (const entry of wire) {
    const ids = idsByNumber.get(entry.to) ?? new Set();
    ids.add(entry.providerId);
    idsByNumber.set(entry.to, ids);
  }
  const [campaign] = await query(dbUrl, `select status, pause_reason from campaigns where id = $1`, [campaignId]);
  const delivered = new Set(
    (await query(dbUrl, `select number from campaign_shippings where campaign_id = $1 and status = 'delivered'`, [campaignId])).map((r) => r.number),
  );
  const reportedNotReceived = [...delivered].filter((n) => !idsByNumber.has(n)).length;
  const receivedNotReported = [...idsByNumber.keys()].filter((n) => !delivered.has(n)).length;
  return {
    status: campaign.status,
    pauseReason: campaign.pause_reason,
    valid: validNumbers.size,
    wireEntries: wire.length,
    resentSameId: wire.length - [...idsByNumber.values()].reduce((n, ids) => n + ids.size, 0),
    duplicates: [...idsByNumber.values()].filter((ids) => ids.size > 1).length,
    missed: [...validNumbers].filter((n) => !idsByNumber.has(n)).length,
    toInvalid: [...idsByNumber.keys()].filter((n) => !validNumbers.has(n)).length,
    wronglyReported: reportedNotReceived + receivedNotReported + (campaign.status === 'FINALIZADA' ? 0 : 1),
  };
}

/**
 * A campaign of `items` recipients paced `messageInterval` campaign seconds of `secondMs` ms apart; the server is
 * killed with SIGKILL each time the wire count reaches one of `kills`, and started again at once. Answers the tally,
 * the sends at each kill and the recovery after each (the longest silence from the kill on). A campaign that does not
 * finish within `finishWithinMs` after the last restart is reported as it stands.
 */
export async function runCampaignFaults({
  dbUrl,
  dataDir,
  redisPrefix,
  items = 300,
  kills = [100],
  secondMs = 2,
  messageInterval = 5,
  finishWithinMs = 120_000,
}) {
  const { connectionId, listId, validNumbers } = await seedCampaign(dbUrl, { items, messageInterval });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const options = { dbUrl, dataDir, redisPrefix, port, extraEnv: { CAMPAIGN_SECOND_MS: String(secondMs) } };
  const health = async () => (await fetch(`${baseUrl}/api/health`)).status === 200;
  const status = async (id) => (await query(dbUrl, `select status from campaigns where id = $1`, [id]))[0]?.status;
  const wire = () => wireOf(dataDir, connectionId);

  let server = startServer(options);
  try {
    await waitUntil(health, 60_000, 'first start');
    const token = await login(baseUrl);
    await waitUntil(
      async () => (await query(dbUrl, `select status from whatsapps where id = $1`, [connectionId]))[0].status === 'CONNECTED',
      30_000,
      'connection up',
    );
    const campaign = await createCampaign(baseUrl, token, listId, connectionId);

    const killed = [];
    for (const threshold of kills) {
      const reached = await within(async () => wire().length >= threshold, 60_000);
      if (!reached) break;
      server.child.kill('SIGKILL');
      await server.exited;
      const at = Date.now();
      killed.push({ at, sentAtKill: wire().length });
      server = startServer(options);
      await waitUntil(health, 60_000, 'restart');
    }
    const finished = await within(async () => (await status(campaign.id)) === 'FINALIZADA', finishWithinMs);
    const end = Date.now();
    const sends = wire();
    return {
      items,
      kills: killed.length,
      sentAtKill: killed[0]?.sentAtKill ?? 0,
      sentAtKills: killed.map((k) => k.sentAtKill),
      recoveryMs: killed.map((k) => longestSilence(sends, k.at, end)),
      finished,
      ...(await tally(dbUrl, campaign.id, sends, validNumbers)),
    };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Kill -9 once in the middle of a campaign, start again (the original scenario; `npm run bench -- campaign`). */
export async function runCampaignCrash({ dbUrl, dataDir, redisPrefix, items = 300, killAfter = 100, secondMs = 2, messageInterval = 5 }) {
  return runCampaignFaults({ dbUrl, dataDir, redisPrefix, items, kills: [killAfter], secondMs, messageInterval });
}

/** A Redis server of the scenario's own (nothing persisted), killed with SIGKILL and started again on the same port. */
export class ScenarioRedis {
  constructor(port) {
    this.port = port;
    this.process = null;
  }

  static async start() {
    const redis = new ScenarioRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up() {
    this.process = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitUntil(
      async () => {
        const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        client.on('error', () => undefined);
        try {
          await client.connect();
          return (await client.ping()) === 'PONG';
        } finally {
          client.disconnect();
        }
      },
      10_000,
      'scenario redis up',
    );
  }

  async down() {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Two workers share the campaigns beside an API process; once `lossAfter` messages went
 * out, their Redis is killed with SIGKILL and comes back empty `downMs` later. Every walker that was running keeps
 * its place or stops; the campaign must finish with nobody receiving anything twice, not even under the same id.
 */
export async function runCampaignRedisLoss({
  dbUrl,
  rootDir,
  items = 300,
  lossAfter = 100,
  downMs = 3000,
  secondMs = 2,
  messageInterval = 0,
  finishWithinMs = 120_000,
}) {
  const { connectionId, listId, validNumbers } = await seedCampaign(dbUrl, { items, messageInterval });
  const redis = await ScenarioRedis.start();
  const redisPrefix = `faults_${randomBytes(4).toString('hex')}`;
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), JWT_REFRESH_SECRET: randomBytes(32).toString('hex') };
  // The documented topology for more than one process: an API process and two workers (ROLE=all runs alone: it
  // neither announces its sessions nor takes commands, so a worker's campaign could not reach them).
  const roles = ['api', 'worker', 'worker'];
  const dataDirs = roles.map((role, index) => join(rootDir, `${role}-${index}`));
  const ports = [await freePort(), await freePort(), await freePort()];
  const env = (role) => ({ ...secrets, ROLE: role, REDIS_URL: redis.url, CAMPAIGN_SECOND_MS: String(secondMs), JOB_RECONCILE_MS: '1000' });
  const servers = [];
  const wire = () => dataDirs.flatMap((dir) => wireOf(dir, connectionId));
  const baseUrl = `http://127.0.0.1:${ports[0]}`;
  const status = async (id) => (await query(dbUrl, `select status from campaigns where id = $1`, [id]))[0]?.status;
  try {
    for (const [index, role] of roles.entries()) {
      const server = startServer({ dbUrl, dataDir: dataDirs[index], redisPrefix, port: ports[index], extraEnv: env(role) });
      servers.push(server);
      await waitUntil(async () => (await fetch(`http://127.0.0.1:${ports[index]}/api/health`)).status === 200, 60_000, `${role} up`);
    }
    const token = await login(baseUrl);
    // The session runs in one of the processes (it holds the connection's lease), not only marked connected.
    const probe = new Redis(redis.url, { keyPrefix: `${redisPrefix}:`, lazyConnect: true });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await waitUntil(async () => (await probe.exists(`lease:connection:${connectionId}`)) === 1, 30_000, 'connection session up');
    } finally {
      probe.disconnect();
    }
    const campaign = await createCampaign(baseUrl, token, listId, connectionId);
    await waitUntil(async () => wire().length >= lossAfter, 60_000, 'sends before the Redis loss');
    await redis.down();
    const lostAt = Date.now();
    const sentAtLoss = wire().length;
    await pause(downMs);
    await redis.up();
    const finished = await within(async () => (await status(campaign.id)) === 'FINALIZADA', finishWithinMs);
    const end = Date.now();
    const sends = wire();
    return {
      items,
      sentAtLoss,
      recoveryMs: [longestSilence(sends, lostAt, end)],
      finished,
      ...(await tally(dbUrl, campaign.id, sends, validNumbers)),
    };
  } finally {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await redis.down();
  }
}

/**
 * `rows` spreadsheet rows with known answers: every 20th number is not on WhatsApp (it ends in 0000), every 50th row
 * repeats the number of the row before it; every other number is new and on WhatsApp.
 */
export function importSheet(rows) {
  const cells = [['nome', 'numero', 'email']];
  const numberOf = (n) => (n % 20 === 0 ? `55119${'7'}${String(n / 20).padStart(3, '0')}0000` : `55119${String(n).padStart(7, '0')}1`);
  let duplicates = 0;
  let invalid = 0;
  for (let n = 0; n < rows; n += 1) {
    const repeat = n % 50 === 49;
    if (repeat) duplicates += 1;
    else if (n % 20 === 0) invalid += 1;
    cells.push([`Cliente ${n}`, numberOf(repeat ? n - 1 : n), '']);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'Contatos');
  return { file: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }), expected: { total: rows, valid: rows - duplicates - invalid, invalid, duplicates } };
}

/**
 * A list import of `rows` rows through the API, the server killed with SIGKILL `kills` times while the import runs
 * (once it shows `progressAt` of its rows done, or has run `killAfterMs`) and started again at once. Answers how long
 * after each restart (the server answering again) the import resumed (its row moving again), how it ended, its counts
 * against the expected ones, the items stored, and whether the list takes a new upload afterwards.
 */
export async function runImportFaults({
  dbUrl,
  dataDir,
  redisPrefix,
  rows = 20_000,
  kills = 2,
  progressAt = 0.2,
  killAfterMs = 1500,
  finishWithinMs = 120_000,
}) {
  const { companyId, connectionId } = await seed(dbUrl);
  // Contact lists belong to the campaigns module.
  await query(dbUrl, `insert into settings (company_id, key, value) values ($1, 'campaignsEnabled', 'true')`, [companyId]);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const options = { dbUrl, dataDir, redisPrefix, port, extraEnv: {} };
  const health = async () => (await fetch(`${baseUrl}/api/health`)).status === 200;
  const { file, expected } = importSheet(rows);
  const upload = (token, listId, bytes) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'contatos.xlsx');
    return fetch(`${baseUrl}/api/contact-lists/${listId}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const row = async (id) =>
    (await query(dbUrl, `select status, processed, total, valid, invalid, duplicates, error, updated_at from contact_list_imports where id = $1`, [id]))[0];

  let server = startServer(options);
  try {
    await waitUntil(health, 60_000, 'first start');
    const token = await login(baseUrl);
    await waitUntil(
      async () => (await query(dbUrl, `select status from whatsapps where id = $1`, [connectionId]))[0].status === 'CONNECTED',
      30_000,
      'connection up',
    );
    const listRes = await fetch(`${baseUrl}/api/contact-lists`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Importada' }),
    });
    if (listRes.status !== 201) throw new Error(`list not created: ${listRes.status} ${await listRes.text()}`);
    const list = await listRes.json();
    const uploaded = await upload(token, list.id, file);
    if (uploaded.status >= 300) throw new Error(`upload answered ${uploaded.status} ${await uploaded.text()}`);
    const importId = (await uploaded.json()).id;

    const resumeMs = [];
    const processedAtKill = [];
    for (let k = 0; k < kills; k += 1) {
      let runningSince = 0;
      const running = await within(async () => {
        const r = await row(importId);
        if (r.status !== 'running') return false;
        runningSince ||= Date.now();
        return r.processed >= rows * progressAt || Date.now() - runningSince >= killAfterMs;
      }, 60_000);
      if (!running) break;
      processedAtKill.push((await row(importId)).processed);
      server.child.kill('SIGKILL');
      await server.exited;
      const before = await row(importId);
      server = startServer(options);
      await waitUntil(health, 60_000, 'restart');
      // From the moment the restarted server answers (its boot time depends on the machine, not on the import).
      const restartedAt = Date.now();
      // Resumed: the row moves again (a new run writes progress), or it ended.
      const moved = await within(async () => {
        const r = await row(importId);
        return r.status === 'done' || r.status === 'failed' || (r.updated_at > before.updated_at && r.status === 'running');
      }, finishWithinMs);
      resumeMs.push(moved ? Date.now() - restartedAt : null);
    }
    const ended = await within(async () => ['done', 'failed'].includes((await row(importId)).status), finishWithinMs);
    const final = await row(importId);
    const [{ items, distinct }] = await query(
      dbUrl,
      `select count(*)::int as items, count(distinct number)::int as distinct from contact_list_items where contact_list_id = $1`,
      [list.id],
    );
    const expectedItems = expected.total - expected.duplicates;
    // The list is free again: a second upload is taken (a small file).
    const again = await upload(token, list.id, importSheet(10).file);
    return {
      rows,
      kills: processedAtKill.length,
      processedAtKill,
      resumeMs,
      ended,
      status: final.status,
      error: final.error,
      counts: { total: final.total, valid: final.valid, invalid: final.invalid, duplicates: final.duplicates, processed: final.processed },
      expected,
      items,
      lost: Math.max(0, expectedItems - items),
      duplicated: items - distinct,
      wronglyReported:
        final.status === 'done'
          ? Math.abs(final.valid - expected.valid) + Math.abs(final.invalid - expected.invalid) + Math.abs(final.duplicates - expected.duplicates)
          : final.status === 'failed'
            ? 0
            : 1,
      listFreed: again.status === 202 || again.status === 201,
      secondUploadStatus: again.status,
    };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

export const scenarioTimeFactor = TIME_FACTOR;
