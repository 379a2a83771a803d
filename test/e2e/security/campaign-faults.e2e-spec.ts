import { describe, it } from '@jest/globals';
import { TIME_FACTOR } from '../../utils/time.js';
import { campaignKilledAt, expectFinishedOnce } from './campaign-faults.js';

describe('security: campaign faults', () => {
  it(
    'kill -9 three times in one campaign: it finishes, every valid recipient once',
    async () => {
      const figures = await campaignKilledAt([60, 140, 220]);
      expectFinishedOnce(figures, 3);
      console.log(`[campaign-faults] 3 kills: recovery ${figures.recoveryMs.join(' / ')} ms, ${figures.resentSameId} same-id resends`);
    },
    300_000 * TIME_FACTOR,
  );
});
