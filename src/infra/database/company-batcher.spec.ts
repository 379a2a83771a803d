import { describe, expect, it } from '@jest/globals';
import { MAX_BATCH, CompanyBatcher } from './company-batcher.js';

interface Write {
  key: string;
  value: number;
}

function recordingBatcher(fail?: (write: Write) => boolean) {
  const batches: Array<{ companyId: number; values: number[] }> = [];
  const batcher = new CompanyBatcher<Write, number>(
    (write) => [write.key],
    async (companyId, writes) => {
      batches.push({ companyId, values: writes.map((w) => w.value) });
      await new Promise((resolve) => setImmediate(resolve));
      return writes.map((w) => (fail?.(w) ? { status: 'rejected', reason: new Error(`no ${w.value}`) } : { status: 'fulfilled', value: w.value * 10 }));
    },
  );
  return { batcher, batches };
}

describe('CompanyBatcher', () => {
  it('groups the writes of a tick per company and answers each its own result', async () => {
    const { batcher, batches } = recordingBatcher();
    const results = await Promise.all([
      batcher.store(1, { key: 'a', value: 1 }),
      batcher.store(1, { key: 'b', value: 2 }),
      batcher.store(2, { key: 'a', value: 3 }),
    ]);
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([
      { companyId: 1, values: [1, 2] },
      { companyId: 2, values: [3] },
    ]);
  });

  it('defers a write whose key is already in the batch, and everything after it with that key, keeping their order', async () => {
    const { batcher, batches } = recordingBatcher();
    await Promise.all([
      batcher.store(1, { key: 'a', value: 1 }),
      batcher.store(1, { key: 'a', value: 2 }),
      batcher.store(1, { key: 'b', value: 3 }),
      batcher.store(1, { key: 'a', value: 4 }),
    ]);
    expect(batches.map((b) => b.values)).toEqual([[1, 3], [2], [4]]);
  });

  it('lets writes arriving while a batch runs form the next one, and caps a batch at MAX_BATCH', async () => {
    const { batcher, batches } = recordingBatcher();
    const first = batcher.store(1, { key: 'x', value: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    const rest = Array.from({ length: MAX_BATCH + 5 }, (_, i) => batcher.store(1, { key: `k${i}`, value: i + 1 }));
    await Promise.all([first, ...rest]);
    expect(batches.map((b) => b.values.length)).toEqual([1, MAX_BATCH, 5]);
  });

  it('fails only the write that failed, and a thrown batch fails its own writes only', async () => {
    const { batcher } = recordingBatcher((w) => w.value === 2);
    const outcomes = await Promise.allSettled([batcher.store(1, { key: 'a', value: 1 }), batcher.store(1, { key: 'b', value: 2 })]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);

    let calls = 0;
    const throwing = new CompanyBatcher<Write, number>(
      (w) => [w.key],
      async (_company, writes) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return writes.map((w) => ({ status: 'fulfilled' as const, value: w.value }));
      },
    );
    await expect(throwing.store(1, { key: 'a', value: 1 })).rejects.toThrow('connection lost');
    await expect(throwing.store(1, { key: 'a', value: 2 })).resolves.toBe(2);
  });
});
