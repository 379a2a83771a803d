// Kill -9 in the middle of a campaign, start again: every valid recipient gets the message exactly once.
// Used by the e2e test (test/e2e/security/campaign-crash.e2e-spec.ts) and by `npm run bench -- campaign`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, login, query, seed, startServer, waitUntil } from './crash-scenario.mjs';

/** What the simulated WhatsApp received on the connection (it outlives the killed process). */
export function wireOf(dataDir, connectionId) {
  const file = join(dataDir, 'simulator', `wire-${connectionId}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * A list of `items` numbers (every 25th not on WhatsApp), a campaign paced `messageInterval` campaign seconds of
 * `secondMs` ms apart, killed with SIGKILL once `killAfter` messages went out, restarted, and counted on the wire.
 */
export async function runCampaignCrash({ dbUrl, dataDir, redisPrefix, items = 300, killAfter = 100, secondMs = 2, messageInterval = 5 }) {
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
  const valid = await query(dbUrl, `select number from contact_list_items where contact_list_id = $1 and is_whatsapp_valid`, [list.id]);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const options = { dbUrl, dataDir, redisPrefix, port, extraEnv: { CAMPAIGN_SECOND_MS: String(secondMs) } };
  const health = async () => (await fetch(`${baseUrl}/api/health`)).status === 200;
  const status = async (id) => (await query(dbUrl, `select status from campaigns where id = $1`, [id]))[0]?.status;

  let server = startServer(options);
  try {
    await waitUntil(health, 60_000, 'first start');
    const token = await login(baseUrl);
    await waitUntil(async () => (await query(dbUrl, `select status from whatsapps where id = $1`, [connectionId]))[0].status === 'CONNECTED', 30_000, 'connection up');
    const res = await fetch(`${baseUrl}/api/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash', message1: 'Oi {nome}', contactListId: list.id, whatsappId: connectionId, scheduledAt: new Date().toISOString() }),
    });
    if (res.status !== 201) throw new Error(`campaign not created: ${res.status} ${await res.text()}`);
    const campaign = await res.json();

    await waitUntil(async () => wireOf(dataDir, connectionId).length >= killAfter, 60_000, 'sends before the kill');
    server.child.kill('SIGKILL');
    await server.exited;
    const sentAtKill = wireOf(dataDir, connectionId).length;

    const restartedAt = Date.now();
    server = startServer(options);
    await waitUntil(health, 60_000, 'restart');
    await waitUntil(async () => (await status(campaign.id)) === 'FINALIZADA', 180_000, 'campaign finished after the restart');
    const resumeMs = Date.now() - restartedAt;

    const wire = wireOf(dataDir, connectionId);
    const idsByNumber = new Map();
    for (const entry of wire) {
      const ids = idsByNumber.get(entry.to) ?? new Set();
      ids.add(entry.providerId);
      idsByNumber.set(entry.to, ids);
    }
    const validNumbers = new Set(valid.map((r) => r.number));
    return {
      items,
      valid: validNumbers.size,
      sentAtKill,
      wireEntries: wire.length,
      /** Sends repeated with the same provider id (a step cut by the kill): WhatsApp keeps one. */
      resentSameId: wire.length - [...idsByNumber.values()].reduce((n, ids) => n + ids.size, 0),
      /** Numbers that received two different messages. */
      duplicates: [...idsByNumber.values()].filter((ids) => ids.size > 1).length,
      missed: [...validNumbers].filter((n) => !idsByNumber.has(n)).length,
      toInvalid: [...idsByNumber.keys()].filter((n) => !validNumbers.has(n)).length,
      resumeMs,
    };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}
