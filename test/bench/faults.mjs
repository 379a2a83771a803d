// `npm run bench -- faults`: campaigns and a list import under faults, each against the built server
// (`npm run build:server` first): a 300-recipient campaign (interval 0) killed with SIGKILL twice and three times, the
// same campaign under two processes whose Redis dies and comes back empty, and a list import killed twice. Prints, per
// fault, the recovery time (the longest time without progress after the fault), what was lost, duplicated (also the
// same-id resends, which WhatsApp would drop) and wrongly reported, and how it ended.
// BENCH_FAULTS=campaign-2-kills,redis-loss picks some; BENCH_IMPORT_ROWS sets the import's size, BENCH_REDIS_ITEMS and
// BENCH_REDIS_DOWN_MS the Redis-loss campaign's size and outage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCampaignFaults, runCampaignRedisLoss, runImportFaults } from '../utils/campaign-crash.mjs';
import { crashRedisPrefix } from '../utils/crash-scenario.mjs';
import { dropScratch, scratch } from './lib.mjs';

const ITEMS = Number(process.env.BENCH_CAMPAIGN_ITEMS ?? 300);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const FINISH_MS = Number(process.env.BENCH_FINISH_MS ?? 120_000);
/** The Redis-loss campaign's size and how long Redis stays away (a longer walk after the loss races more). */
const REDIS_ITEMS = Number(process.env.BENCH_REDIS_ITEMS ?? ITEMS);
const REDIS_DOWN_MS = Number(process.env.BENCH_REDIS_DOWN_MS ?? 3000);

const faults = {
  'campaign-2-kills': (ctx) =>
    runCampaignFaults({ ...ctx, items: ITEMS, kills: [80, 180].map((n) => Math.round((n * ITEMS) / 300)), messageInterval: 0, finishWithinMs: FINISH_MS }),
  'campaign-3-kills': (ctx) =>
    runCampaignFaults({
      ...ctx,
      items: ITEMS,
      kills: [60, 140, 220].map((n) => Math.round((n * ITEMS) / 300)),
      messageInterval: 0,
      finishWithinMs: FINISH_MS,
    }),
  'redis-loss': (ctx) =>
    runCampaignRedisLoss({
      dbUrl: ctx.dbUrl,
      rootDir: ctx.dataDir,
      items: REDIS_ITEMS,
      lossAfter: Math.round(ITEMS / 3),
      downMs: REDIS_DOWN_MS,
      messageInterval: 0,
      finishWithinMs: FINISH_MS,
    }),
  'import-2-kills': (ctx) => runImportFaults({ ...ctx, rows: IMPORT_ROWS, kills: 2, finishWithinMs: FINISH_MS }),
};

const chosen = (process.env.BENCH_FAULTS ?? Object.keys(faults).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

const seconds = (ms) => (ms === null || ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`);
const rows = [];
for (const name of chosen) {
  const run = faults[name];
  if (!run) throw new Error(`unknown fault ${name}; choose from ${Object.keys(faults).join(', ')}`);
  const { dbName, dbUrl } = await scratch(`bench_faults`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-faults-'));
  const started = Date.now();
  try {
    const f = await run({ dbUrl, dataDir, redisPrefix: crashRedisPrefix() });
    const campaign = !name.startsWith('import');
    rows.push({
      fault: name,
      recovery: (f.recoveryMs ?? f.resumeMs ?? []).map(seconds).join(' / ') || '-',
      lost: campaign ? f.missed : f.lost,
      duplicated: campaign ? `${f.duplicates} (+${f.resentSameId} same id)` : String(f.duplicated),
      wronglyReported: f.wronglyReported,
      outcome: campaign
        ? `${f.status}${f.pauseReason ? ` (${f.pauseReason})` : ''}, ${f.wireEntries} sends for ${f.valid} valid`
        : `${f.status}${f.error ? ` (${f.error})` : ''}, ${f.items} items, counts ${f.counts.valid}/${f.counts.invalid}/${f.counts.duplicates} of ${f.expected.valid}/${f.expected.invalid}/${f.expected.duplicates}, list ${f.listFreed ? 'free' : `blocked (${f.secondUploadStatus})`}`,
      took: seconds(Date.now() - started),
    });
  } catch (error) {
    rows.push({
      fault: name,
      recovery: '-',
      lost: '-',
      duplicated: '-',
      wronglyReported: '-',
      outcome: `error: ${error.message}`,
      took: seconds(Date.now() - started),
    });
  } finally {
    await dropScratch(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`${name}: ${JSON.stringify(rows.at(-1))}`);
}
console.table(rows);
