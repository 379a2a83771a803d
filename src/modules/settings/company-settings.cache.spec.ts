import { describe, expect, it } from '@jest/globals';
import { CompanySettingsCache } from './company-settings.cache.js';
import type { SettingsRepository } from './settings.repository.js';

/** A repository that answers from memory and counts its reads (the cache's logic, not SQL, is under test). */
function countingRepository(values: Array<{ key: string; value: string }>) {
  const reads = { count: 0, fail: false };
  const repository = {
    companyValues: async () => {
      reads.count += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (reads.fail) throw new Error('database unreachable');
      return values;
    },
  } as unknown as SettingsRepository;
  return { repository, reads };
}

describe('CompanySettingsCache', () => {
  it('shares one read among the concurrent readers of a company', async () => {
    const { repository, reads } = countingRepository([{ key: 'call', value: 'disabled' }]);
    const cache = new CompanySettingsCache(repository);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get(7, 'call')));
    expect(new Set(answers)).toEqual(new Set(['disabled']));
    expect(reads.count).toBe(1);
    await cache.get(7, 'call');
    expect(reads.count).toBe(1);
    cache.forget(7);
    await cache.get(7, 'call');
    expect(reads.count).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const { repository, reads } = countingRepository([{ key: 'call', value: 'enabled' }]);
    const cache = new CompanySettingsCache(repository);
    reads.fail = true;
    await expect(cache.get(3, 'call')).rejects.toThrow('database unreachable');
    reads.fail = false;
    await expect(cache.get(3, 'call')).resolves.toBe('enabled');
  });
});
