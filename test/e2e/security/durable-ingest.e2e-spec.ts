import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { crashRedisPrefix, runCrashScenario } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';

interface CrashFigures {
  expected: number;
  acknowledgedBeforeKill: number;
  storedAtKill: number;
  inboxAtKill: number;
  resent: number;
  stored: number;
  duplicates: number;
  missing: number;
}

describe('security: durable ingest', () => {
  it('keeps every acknowledged message through kill -9: 2,000 from 20 senders stored once each after a restart', async () => {
    const db = await cloneTemplate();
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    try {
      const figures = (await runCrashScenario({ dbUrl: db.url, dataDir, redisPrefix: crashRedisPrefix() })) as CrashFigures;
      // The kill really happened mid-way, with acknowledged messages not yet processed by the dead process.
      expect(figures.acknowledgedBeforeKill).toBeGreaterThanOrEqual(1000);
      expect(figures.acknowledgedBeforeKill).toBeLessThan(figures.expected);
      expect(figures.storedAtKill + figures.inboxAtKill).toBeGreaterThanOrEqual(figures.acknowledgedBeforeKill);
      expect(figures).toMatchObject({ stored: 2000, duplicates: 0, missing: 0 });
    } finally {
      await dropDatabase(db.name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
