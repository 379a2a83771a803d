import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { BotRepository } from './bot.repository.js';
import { BotService } from './bot.service.js';

@Module({ imports: [MessagesModule, OutboundModule, SettingsModule], providers: [BotRepository, BotService] })
export class AutomationModule {}
