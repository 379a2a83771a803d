import { Module } from '@nestjs/common';
import { TagsModule } from '../tags/tags.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { KanbanController } from './kanban.controller.js';

@Module({ imports: [TagsModule, TicketsModule], controllers: [KanbanController] })
export class KanbanModule {}
