import { Module } from '@nestjs/common';
import { TagsModule } from '../tags/tags.module.js';
import { KanbanController } from './kanban.controller.js';

@Module({ imports: [TagsModule], controllers: [KanbanController] })
export class KanbanModule {}
