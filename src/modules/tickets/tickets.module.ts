import { Global, Module } from '@nestjs/common';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { TicketAccess } from './ticket-access.js';

@Global()
@Module({ providers: [TicketAccess, { provide: TicketRoomAuthorizer, useExisting: TicketAccess }], exports: [TicketAccess, TicketRoomAuthorizer] })
export class TicketsModule {}
