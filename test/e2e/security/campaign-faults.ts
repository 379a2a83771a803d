// What the campaign fault tests share: a 300-recipient campaign killed at given sends, and what must hold after it.
import { expect } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the benchmark
import { runCampaignFaults } from '../../utils/campaign-crash.mjs';
// @ts-expect-error plain ESM helper shared with the benchmark
import { crashRedisPrefix } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';

export interface CampaignFaultFigures {
  items: number;
  kills: number;
  sentAtKills: number[];
  recoveryMs: number[];
  finished: boolean;
  status: string;
  pauseReason: string | null;
  valid: number;
  wireEntries: number;
  resentSameId: number;
  duplicates: number;
  missed: number;
  toInvalid: number;
  wronglyReported: number;
}

/** 300 recipients, interval 0, the server killed with SIGKILL at each of `kills` sends and started again at once. */
export async function campaignKilledAt(kills: number[]): Promise<CampaignFaultFigures> {
  const db = await cloneTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'campaign-crash-'));
  try {
    return (await runCampaignFaults({
      dbUrl: db.url,
      dataDir,
      redisPrefix: crashRedisPrefix(),
      items: 300,
      kills,
      messageInterval: 0,
      finishWithinMs: 90_000,
    })) as CampaignFaultFigures;
  } finally {
    await dropDatabase(db.name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every valid recipient got the message once; a send cut by a kill may go again under its fixed id (WhatsApp keeps one). */
export function expectFinishedOnce(figures: CampaignFaultFigures, kills: number): void {
  expect(figures.kills).toBe(kills);
  // Each kill really happened mid-way.
  for (const sent of figures.sentAtKills) expect(sent).toBeLessThan(figures.valid);
  expect(figures).toMatchObject({ items: 300, valid: 288, status: 'FINALIZADA', missed: 0, duplicates: 0, toInvalid: 0, wronglyReported: 0 });
  expect(figures.resentSameId).toBeLessThanOrEqual(kills);
}
