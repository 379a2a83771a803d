import { describe, it } from '@jest/globals';
import { TIME_FACTOR } from '../../utils/time.js';
import { campaignKilledAt, expectFinishedOnce } from './campaign-faults.js';

describe('security: campaign crash', () => {
  it(
    'kill -9 twice in one campaign (at 80 and 180 sends): it finishes, every valid recipient once, nobody twice, nobody missed',
    async () => {
      const figures = await campaignKilledAt([80, 180]);
      expectFinishedOnce(figures, 2);
      console.log(`[campaign-crash] 2 kills: recovery ${figures.recoveryMs.join(' / ')} ms, ${figures.resentSameId} same-id resends`);
    },
    240_000 * TIME_FACTOR,
  );
});
