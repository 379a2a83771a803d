import { Module } from '@nestjs/common';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsService } from './connections.service.js';
import { SessionsController } from './sessions.controller.js';

@Module({ controllers: [ConnectionsController, SessionsController], providers: [ConnectionsService], exports: [ConnectionsService] })
export class ConnectionsModule {}
