import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';
import { NoTicketRooms, TicketRoomAuthorizer } from './ticket-room.authorizer.js';
import { UserPresence } from './user-presence.js';

@Global()
@Module({
  providers: [RealtimeService, RealtimeGateway, UserPresence, { provide: TicketRoomAuthorizer, useClass: NoTicketRooms }],
  exports: [RealtimeService],
})
export class RealtimeModule {}
