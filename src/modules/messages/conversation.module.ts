import { Module } from '@nestjs/common';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ConversationController } from './conversation.controller.js';
import { ConversationService } from './conversation.service.js';
import { MessagesModule } from './messages.module.js';
import { OutboundModule } from './outbound.module.js';

@Module({ imports: [MessagesModule, OutboundModule, TicketsModule], controllers: [ConversationController], providers: [ConversationService] })
export class ConversationModule {}
