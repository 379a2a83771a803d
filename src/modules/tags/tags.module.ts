import { Module } from '@nestjs/common';
import { TicketsModule } from '../tickets/tickets.module.js';
import { TagSyncService } from './tag-sync.service.js';
import { TagsController } from './tags.controller.js';
import { TagsRepository } from './tags.repository.js';
import { TagsService } from './tags.service.js';
import { TagEvents } from './tags.events.js';
import { TicketLanesService } from './ticket-lanes.service.js';

/** Tags and the tags of tickets. */
@Module({
  imports: [TicketsModule],
  controllers: [TagsController],
  providers: [TagsService, TagSyncService, TagsRepository, TagEvents, TicketLanesService],
  exports: [TagsService, TagSyncService, TicketLanesService],
})
export class TagsModule {}
