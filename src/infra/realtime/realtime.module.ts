import { type DynamicModule, Global, Module, type ModuleMetadata } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';
import { UserPresence } from './user-presence.js';
import { UserPresenceRepository } from './user-presence.repository.js';

/** Socket.io and the typed events. `imports` must provide the `TicketRoomAuthorizer` (the tickets module does). */
@Global()
@Module({})
export class RealtimeModule {
  static forRoot(imports: ModuleMetadata['imports'] = []): DynamicModule {
    return {
      module: RealtimeModule,
      imports,
      providers: [RealtimeService, RealtimeGateway, UserPresence, UserPresenceRepository],
      exports: [RealtimeService],
    };
  }
}
