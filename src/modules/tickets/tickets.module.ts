import { Module } from '@nestjs/common';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketAccess } from './ticket-access.js';
import { TicketCyclesRepository } from './ticket-cycles.repository.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { TicketLifecycleRepository } from './ticket-lifecycle.repository.js';
import { TicketResponses } from './ticket-responses.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

/**
 * Tickets and their lifecycle. Automatic texts (messages module) and timers (automation) follow its domain events;
 * the realtime gateway asks it who may join a ticket's room (`TicketRoomAuthorizer`).
 */
@Module({
  imports: [SettingsModule, ContactsModule],
  controllers: [TicketsController],
  providers: [
    TicketAccess,
    { provide: TicketRoomAuthorizer, useExisting: TicketAccess },
    TicketsRepository,
    TicketCyclesRepository,
    TicketsEvents,
    TicketsService,
    TicketResponses,
    TicketLifecycle,
    TicketLifecycleRepository,
  ],
  exports: [TicketAccess, TicketRoomAuthorizer, TicketsService, TicketLifecycle],
})
export class TicketsModule {}
