import { parseArgs } from 'node:util';
import type { AppConfig } from '../../config/app-config.js';
import { copyStorage } from './copy-storage.js';
import { LocalStorageAdapter, publicRoot } from './local-storage.adapter.js';
import { S3StorageAdapter } from './s3-storage.adapter.js';

export const MIGRATE_USAGE = 'storage:migrate --to s3      copy the media files on disk to the S3 bucket (S3_*); run again to resume';

/**
 * `npm run cli -- storage:migrate --to s3`: copies DATA_DIR/public into the bucket the S3_* settings name, printing
 * progress. Answers the exit code: 1 when a file failed (run it again: what is there is skipped).
 */
export async function migrateStorageCommand(config: AppConfig, args: string[], print: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  if (values.to !== 's3') throw new Error('Usage: npm run cli -- storage:migrate --to s3 (the only target)');
  const s3 = config.storage.s3;
  if (!s3) throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to name the bucket');
  const target = new S3StorageAdapter(s3);
  const line = (counts: { copied: number; skipped: number; failed: number }) => `copied ${counts.copied}, skipped ${counts.skipped}, failed ${counts.failed}`;
  try {
    print(`Copying ${publicRoot(config)} to bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`);
    const counts = await copyStorage(new LocalStorageAdapter(config), target, {
      onProgress: (progress) => print(line(progress)),
      onFailure: (path, error) => print(`failed ${path}: ${error instanceof Error ? error.message : String(error)}`),
    });
    print(counts.failed ? `Done with failures: ${line(counts)}. Run the command again to retry them.` : `Done: ${line(counts)}`);
    return counts.failed ? 1 : 0;
  } finally {
    target.onModuleDestroy();
  }
}
