import { Module } from '@nestjs/common';
import { CloudConnectionCheck } from './cloud-connection-check.js';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsService } from './connections.service.js';
import { SessionsController } from './sessions.controller.js';

@Module({ controllers: [ConnectionsController, SessionsController], providers: [ConnectionsService, CloudConnectionCheck], exports: [ConnectionsService] })
export class ConnectionsModule {}
