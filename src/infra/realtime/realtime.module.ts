import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';
import { UserPresence } from './user-presence.js';
import { UserPresenceRepository } from './user-presence.repository.js';

@Global()
@Module({
  providers: [RealtimeService, RealtimeGateway, UserPresence, UserPresenceRepository],
  exports: [RealtimeService],
})
export class RealtimeModule {}
