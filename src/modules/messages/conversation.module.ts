import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { MessageTemplatesModule } from '../message-templates/message-templates.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ConversationController } from './conversation.controller.js';
import { ConversationService } from './conversation.service.js';
import { MessagesModule } from './messages.module.js';
import { OutboundModule } from './outbound.module.js';

@Module({
  imports: [MessagesModule, OutboundModule, TicketsModule, FilesModule, MessageTemplatesModule],
  controllers: [ConversationController],
  providers: [ConversationService],
})
export class ConversationModule {}
