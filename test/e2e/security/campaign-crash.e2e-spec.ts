import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { runCampaignCrash } from '../../utils/campaign-crash.mjs';
// @ts-expect-error plain ESM helper shared with the benchmark
import { crashRedisPrefix } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';

interface CampaignCrashFigures {
  items: number;
  valid: number;
  sentAtKill: number;
  wireEntries: number;
  resentSameId: number;
  duplicates: number;
  missed: number;
  toInvalid: number;
}

describe('security: campaign crash', () => {
  it('kill -9 mid-campaign, restart: every valid recipient gets the message once, nobody twice, nobody missed', async () => {
    const db = await cloneTemplate();
    const dataDir = mkdtempSync(join(tmpdir(), 'campaign-crash-'));
    try {
      const figures = (await runCampaignCrash({ dbUrl: db.url, dataDir, redisPrefix: crashRedisPrefix() })) as CampaignCrashFigures;
      // The kill really happened mid-way.
      expect(figures.sentAtKill).toBeGreaterThanOrEqual(100);
      expect(figures.sentAtKill).toBeLessThan(figures.valid);
      expect(figures).toMatchObject({ items: 300, valid: 288, duplicates: 0, missed: 0, toInvalid: 0 });
      expect(figures.resentSameId).toBeLessThanOrEqual(1);
    } finally {
      await dropDatabase(db.name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
