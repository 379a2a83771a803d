import type { S3StorageAdapter } from './s3-storage.adapter.js';
import type { StoragePort } from './storage.port.js';

export interface CopyCounts {
  copied: number;
  /** Already in the target with the same size (copied by an earlier run). */
  skipped: number;
  failed: number;
}

export interface CopyOptions {
  /** Files copied at once. */
  concurrency?: number;
  /** Called now and then while copying, and once at the end. */
  onProgress?: (counts: CopyCounts) => void;
  /** Called for each file that could not be copied (the run goes on). */
  onFailure?: (path: string, error: unknown) => void;
  /** Least time between two progress calls. */
  progressEveryMs?: number;
}

/**
 * Copies every stored file of `source` into the bucket under the same path. A file already there with the same size is
 * skipped, so a run stopped halfway (a crash, a lost connection) resumes where it was when started again; one cut short
 * inside a file has another size and is copied again.
 */
export async function copyStorage(source: StoragePort, target: S3StorageAdapter, options: CopyOptions = {}): Promise<CopyCounts> {
  const { concurrency = 4, onProgress, onFailure, progressEveryMs = 1000 } = options;
  const present = new Map<string, number>();
  for await (const entry of target.list()) present.set(entry.path, entry.size);

  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0 };
  let reportedAt = Date.now();
  const progress = () => {
    if (Date.now() - reportedAt < progressEveryMs) return;
    reportedAt = Date.now();
    onProgress?.({ ...counts });
  };
  const entries = source.list()[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const { path, size } = next.value;
      if (present.get(path) === size) counts.skipped += 1;
      else {
        try {
          const file = await source.open(path);
          // Gone since it was listed (the sweep removed it): nothing to copy.
          if (!file) counts.skipped += 1;
          else {
            await target.saveAt(path, file.stream, file.size);
            counts.copied += 1;
          }
        } catch (error) {
          counts.failed += 1;
          onFailure?.(path, error);
        }
      }
      progress();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  onProgress?.({ ...counts });
  return counts;
}
