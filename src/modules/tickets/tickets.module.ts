import { Global, Module } from '@nestjs/common';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TagsModule } from '../tags/tags.module.js';
import { AutomaticTransitions } from './automatic-transitions.js';
import { AutomaticTransitionsRepository } from './automatic-transitions.repository.js';
import { TicketAccess } from './ticket-access.js';
import { TicketCycles } from './ticket-cycles.js';
import { TicketCyclesRepository } from './ticket-cycles.repository.js';
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
    AutomaticTransitions,
    AutomaticTransitionsRepository,
  ],
  exports: [
    TicketAccess,
    TicketRoomAuthorizer,
    TicketsService,
    TicketsEvents,
    TicketsRepository,
    TicketCycles,
    TicketCyclesRepository,
    AutomaticTransitions,
    AutomaticTransitionsRepository,
  ],
})
export class TicketsModule {}
