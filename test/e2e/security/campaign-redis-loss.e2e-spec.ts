import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { runCampaignRedisLoss } from '../../utils/campaign-crash.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';
import { TIME_FACTOR } from '../../utils/time.js';
import type { CampaignFaultFigures } from './campaign-faults.js';

describe('security: a Redis loss in the middle of a campaign', () => {
  it(
    'two processes, Redis killed with SIGKILL and back empty: one walker at a time, nobody gets anything twice (not even the same id)',
    async () => {
      const db = await cloneTemplate();
      const rootDir = mkdtempSync(join(tmpdir(), 'campaign-redis-loss-'));
      try {
        const figures = (await runCampaignRedisLoss({
          dbUrl: db.url,
          rootDir,
          items: 300,
          lossAfter: 100,
          downMs: 3000,
          messageInterval: 0,
          finishWithinMs: 90_000,
        })) as CampaignFaultFigures & { sentAtLoss: number };
        // The loss really happened mid-way.
        expect(figures.sentAtLoss).toBeLessThan(figures.valid);
        expect(figures).toMatchObject({
          items: 300,
          valid: 288,
          status: 'FINALIZADA',
          missed: 0,
          duplicates: 0,
          resentSameId: 0,
          toInvalid: 0,
          wronglyReported: 0,
        });
        console.log(`[campaign-redis-loss] longest silence after the loss ${figures.recoveryMs[0]} ms`);
      } finally {
        await dropDatabase(db.name);
        rmSync(rootDir, { recursive: true, force: true });
      }
    },
    240_000 * TIME_FACTOR,
  );
});
