import { CampaignSettingsModule } from '../campaign-settings/campaign-settings.module.js';
import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { BotRepository } from './bot.repository.js';
import { BotService } from './bot.service.js';
import { BotSpeaker } from './bot-speaker.js';
import { AutomationClientsModule } from './clients/automation-clients.module.js';
import { RatingFlow } from './rating-flow.js';
import { AiPromptRunner } from './runners/ai-prompt.runner.js';
import { IntegrationRunner } from './runners/integration.runner.js';
import { BotTimersWorker } from './timers/bot-timers.worker.js';
import { BotTimersModule } from './timers/bot-timers.module.js';
import { TimerActions } from './timers/timer-actions.js';
import { TimerFactsRepository } from './timers/timer-facts.repository.js';

/** The bot of server-behaviour §5 and the timers of §4; both follow the domain events of messages and tickets. */
@Module({
  imports: [CampaignSettingsModule, CompaniesModule, MessagesModule, OutboundModule, SettingsModule, TicketsModule, BotTimersModule, AutomationClientsModule],
  providers: [BotRepository, BotService, BotSpeaker, RatingFlow, AiPromptRunner, IntegrationRunner, TimerActions, TimerFactsRepository, BotTimersWorker],
})
export class AutomationModule {}
