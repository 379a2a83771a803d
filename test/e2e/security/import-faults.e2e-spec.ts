import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { runImportFaults } from '../../utils/campaign-crash.mjs';
// @ts-expect-error plain ESM helper shared with the benchmark
import { crashRedisPrefix } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';
import { TIME_FACTOR } from '../../utils/time.js';

interface ImportFaultFigures {
  kills: number;
  processedAtKill: number[];
  resumeMs: Array<number | null>;
  status: string;
  error: string | null;
  counts: { total: number; valid: number; invalid: number; duplicates: number; processed: number };
  expected: { total: number; valid: number; invalid: number; duplicates: number };
  items: number;
  lost: number;
  duplicated: number;
  wronglyReported: number;
  listFreed: boolean;
}

describe('security: a list import killed twice', () => {
  it(
    'resumes within 10 s of each restart, with its progress on its row, and ends with the right counts; the list is free again',
    async () => {
      const db = await cloneTemplate();
      const dataDir = mkdtempSync(join(tmpdir(), 'import-faults-'));
      try {
        const figures = (await runImportFaults({
          dbUrl: db.url,
          dataDir,
          redisPrefix: crashRedisPrefix(),
          // Enough rows that the resumed run is still going when the second kill comes (6,000 could finish between two polls).
          rows: 20_000,
          kills: 2,
          progressAt: 0.1,
          killAfterMs: 15_000,
          finishWithinMs: 90_000,
        })) as ImportFaultFigures;
        expect(figures.kills).toBe(2);
        // The row shows the progress while the import runs: each kill came once a tenth of the rows was done.
        for (const processed of figures.processedAtKill) expect(processed).toBeGreaterThan(0);
        for (const resumed of figures.resumeMs) expect(resumed).not.toBeNull();
        for (const resumed of figures.resumeMs) expect(resumed!).toBeLessThan(10_000 * TIME_FACTOR);
        expect(figures).toMatchObject({ status: 'done', error: null, lost: 0, duplicated: 0, wronglyReported: 0, listFreed: true });
        expect(figures.counts).toEqual({ ...figures.expected, processed: figures.expected.total });
        expect(figures.items).toBe(figures.expected.total - figures.expected.duplicates);
        console.log(
          `[import-faults] resumed ${figures.resumeMs.join(' / ')} ms after the restarts; progress at the kills ${figures.processedAtKill.join(' / ')}`,
        );
      } finally {
        await dropDatabase(db.name);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000 * TIME_FACTOR,
  );
});
