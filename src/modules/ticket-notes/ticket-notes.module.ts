import { Module } from '@nestjs/common';
import { TicketsModule } from '../tickets/tickets.module.js';
import { TicketNotesController } from './ticket-notes.controller.js';
import { TicketNotesService } from './ticket-notes.service.js';

/** Ticket notes. */
@Module({ imports: [TicketsModule], controllers: [TicketNotesController], providers: [TicketNotesService] })
export class TicketNotesModule {}
