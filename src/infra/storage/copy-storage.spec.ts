import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { copyStorage, type CopyCounts } from './copy-storage.js';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import type { S3StorageAdapter } from './s3-storage.adapter.js';
import type { StoredEntry } from './storage.port.js';

/** A bucket in memory that refuses the paths it is told to. */
function fakeBucket(present: StoredEntry[], refuse: Set<string>) {
  const written = new Map<string, Buffer>();
  const bucket = {
    async *list() {
      yield* present;
    },
    async saveAt(path: string, source: Readable) {
      const data = Buffer.concat(await source.toArray());
      if (refuse.has(path)) throw new Error('AccessDenied');
      written.set(path, data);
    },
  };
  return { bucket: bucket as unknown as S3StorageAdapter, written };
}

describe('copyStorage', () => {
  let dataDir: string;
  let source: LocalStorageAdapter;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'copy-storage-'));
    source = new LocalStorageAdapter({ dataDir });
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies what is missing or of another size, skips the rest, and counts and names what failed', async () => {
    const same = await source.save(1, Buffer.from('same'), 'text/plain');
    const cut = await source.save(1, Buffer.from('cut short'), 'text/plain');
    const missing = await source.save(2, Buffer.from('missing'), 'text/plain');
    const refused = await source.save(2, Buffer.from('refused'), 'text/plain');
    const { bucket, written } = fakeBucket(
      [
        { path: same.path, size: same.size, modifiedAt: new Date() },
        { path: cut.path, size: 3, modifiedAt: new Date() },
      ],
      new Set([refused.path]),
    );
    const progress: CopyCounts[] = [];
    const failures: string[] = [];
    const counts = await copyStorage(source, bucket, {
      concurrency: 2,
      progressEveryMs: 0,
      onProgress: (c) => progress.push(c),
      onFailure: (path) => failures.push(path),
    });
    expect(counts).toEqual({ copied: 2, skipped: 1, failed: 1 });
    expect([...written.keys()].sort()).toEqual([cut.path, missing.path].sort());
    expect(written.get(cut.path)!.toString()).toBe('cut short');
    expect(failures).toEqual([refused.path]);
    expect(progress.length).toBe(5);
    expect(progress.at(-1)).toEqual(counts);
  });
});
