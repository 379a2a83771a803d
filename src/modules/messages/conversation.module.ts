import { Module } from '@nestjs/common';
import { ConversationController } from './conversation.controller.js';
import { ConversationService } from './conversation.service.js';
import { MessagesModule } from './messages.module.js';
import { OutboundModule } from './outbound.module.js';

@Module({ imports: [MessagesModule, OutboundModule], controllers: [ConversationController], providers: [ConversationService] })
export class ConversationModule {}
