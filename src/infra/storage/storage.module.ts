import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { MediaLinks } from './media-links.js';
import { S3StorageAdapter } from './s3-storage.adapter.js';
import { StoragePort } from './storage.port.js';

/** The adapter STORAGE names: the local data directory (default) or an S3-compatible bucket. */
export function createStorage(config: AppConfig): StoragePort {
  if (config.storage.driver !== 's3') return new LocalStorageAdapter(config);
  if (!config.storage.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
  return new S3StorageAdapter(config.storage.s3);
}

@Global()
@Module({
  providers: [{ provide: StoragePort, useFactory: createStorage, inject: [APP_CONFIG] }, MediaLinks],
  exports: [StoragePort, MediaLinks],
})
export class StorageModule {}
