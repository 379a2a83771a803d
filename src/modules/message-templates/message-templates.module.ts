import { Module } from '@nestjs/common';
import { MessageTemplatesController, TemplateSyncController } from './message-templates.controller.js';
import { MessageTemplatesRepository } from './message-templates.repository.js';
import { MessageTemplatesService } from './message-templates.service.js';

/** WhatsApp Cloud API message templates: the sync from Meta, the list, and what a conversation sends. */
@Module({
  controllers: [MessageTemplatesController, TemplateSyncController],
  providers: [MessageTemplatesService, MessageTemplatesRepository],
  exports: [MessageTemplatesService],
})
export class MessageTemplatesModule {}
