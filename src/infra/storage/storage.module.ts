import { Global, Module } from '@nestjs/common';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { MediaLinks } from './media-links.js';
import { StoragePort } from './storage.port.js';

@Global()
@Module({ providers: [{ provide: StoragePort, useClass: LocalStorageAdapter }, MediaLinks], exports: [StoragePort, MediaLinks] })
export class StorageModule {}
