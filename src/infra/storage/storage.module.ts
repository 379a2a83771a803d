import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { MediaLinks } from './media-links.js';
import { StoragePort } from './storage.port.js';

/** The adapter STORAGE names: the local data directory (default) or an S3-compatible bucket. */
export async function createStorage(config: AppConfig): Promise<StoragePort> {
  if (config.storage.driver !== 's3') return new LocalStorageAdapter(config);
  if (!config.storage.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
  // The AWS SDK is loaded by the installs that use it only: it costs a process on local disk ~6 MB of heap.
  const { S3StorageAdapter } = await import('./s3-storage.adapter.js');
  return new S3StorageAdapter(config.storage.s3);
}

@Global()
@Module({
  providers: [{ provide: StoragePort, useFactory: createStorage, inject: [APP_CONFIG] }, MediaLinks],
  exports: [StoragePort, MediaLinks],
})
export class StorageModule {}
