import { Module } from '@nestjs/common';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueueOptionsService } from './queue-options.service.js';

/** The chatbot menu tree of each queue. The storage port comes from the global storage module. */
@Module({ controllers: [QueueOptionsController], providers: [QueueOptionsService] })
export class QueueOptionsModule {}
