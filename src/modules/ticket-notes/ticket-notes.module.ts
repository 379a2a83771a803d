import { Module } from '@nestjs/common';
import { TicketNotesController } from './ticket-notes.controller.js';
import { TicketNotesService } from './ticket-notes.service.js';

/** Ticket notes. TicketAccess comes from the global tickets module. */
@Module({ controllers: [TicketNotesController], providers: [TicketNotesService] })
export class TicketNotesModule {}
