import { Module } from '@nestjs/common';
import { ChatEvents } from './chat-events.js';
import { ChatsController } from './chats.controller.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

@Module({ controllers: [ChatsController], providers: [ChatsService, ChatEvents, ChatsRepository], exports: [ChatsRepository] })
export class ChatsModule {}
