import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { ConnectionTokenAuth } from './connection-token.auth.js';
import { ConnectionTokenGuard } from './connection-token.guard.js';
import { ExternalApiController } from './external-api.controller.js';

@Module({ imports: [OutboundModule], controllers: [ExternalApiController], providers: [ConnectionTokenAuth, ConnectionTokenGuard] })
export class ExternalApiModule {}
