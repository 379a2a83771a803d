import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';
import { UserPresence } from './user-presence.js';

@Global()
@Module({
  providers: [RealtimeService, RealtimeGateway, UserPresence],
  exports: [RealtimeService],
})
export class RealtimeModule {}
