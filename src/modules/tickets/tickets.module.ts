import { Global, Module } from '@nestjs/common';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TagsModule } from '../tags/tags.module.js';
import { TicketAccess } from './ticket-access.js';
import { TicketCourtesy } from './ticket-courtesy.js';
import { TicketCycles } from './ticket-cycles.js';
import { TicketCyclesRepository } from './ticket-cycles.repository.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { TicketLifecycleRepository } from './ticket-lifecycle.repository.js';
import { TicketResponses } from './ticket-responses.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

@Global()
@Module({
  imports: [OutboundModule, SettingsModule, TagsModule],
  controllers: [TicketsController],
  providers: [
    TicketAccess,
    { provide: TicketRoomAuthorizer, useExisting: TicketAccess },
    TicketsRepository,
    TicketCycles,
    TicketCyclesRepository,
    TicketsEvents,
    TicketsService,
    TicketResponses,
    TicketCourtesy,
    TicketLifecycle,
    TicketLifecycleRepository,
  ],
  exports: [TicketAccess, TicketRoomAuthorizer, TicketsService, TicketsEvents, TicketsRepository, TicketLifecycle],
})
export class TicketsModule {}
