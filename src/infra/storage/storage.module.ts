import { Global, Module } from '@nestjs/common';
import { LocalStorageAdapter } from './local-storage.adapter.js';
import { StoragePort } from './storage.port.js';

@Global()
@Module({ providers: [{ provide: StoragePort, useClass: LocalStorageAdapter }], exports: [StoragePort] })
export class StorageModule {}
