import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { ConnectionTokenAuth } from './connection-token.auth.js';
import { ConnectionTokenGuard } from './connection-token.guard.js';
import { ExternalApiController } from './external-api.controller.js';
import { ExternalApiRepository } from './external-api.repository.js';

@Module({
  imports: [OutboundModule],
  controllers: [ExternalApiController],
  providers: [ConnectionTokenAuth, ConnectionTokenGuard, ExternalApiRepository],
  exports: [ExternalApiRepository],
})
export class ExternalApiModule {}
