import { type DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/app-config.js';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { ConfigModule } from './config/config.module.js';
import { AuthorizationModule } from './authorization/authorization.module.js';
import { HotPathPoolModule } from './infra/database/pg-pool.js';
import { MailModule } from './infra/mail/mail.module.js';
import { MetricsModule } from './infra/metrics/metrics.module.js';
import { RealtimeModule } from './infra/realtime/realtime.module.js';
import { RedisModule } from './infra/redis/redis.module.js';
import { SchedulingModule } from './infra/scheduling/scheduling.module.js';
import { requestLogOptions } from './infra/logging/request-log.js';
import { logDestination } from './infra/logging/log-destination.js';
import { JobsModule } from './infra/jobs/jobs.module.js';
import { DomainEventsModule } from './infra/events/domain-events.module.js';
import { ChannelsModule } from './channels/channels.module.js';
import { StorageModule } from './infra/storage/storage.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { createOrmConfig } from './mikro-orm.config.js';
import { ConnectionsModule } from './modules/connections/connections.module.js';
import { ContactsModule } from './modules/contacts/contacts.module.js';
import { ContactListsModule } from './modules/contact-lists/contact-lists.module.js';
import { ExternalApiModule } from './modules/external-api/external-api.module.js';
import { ConversationModule } from './modules/messages/conversation.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { AutomationModule } from './modules/automation/automation.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { SchedulesModule } from './modules/schedules/schedules.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { KanbanModule } from './modules/kanban/kanban.module.js';
import { ChatsModule } from './modules/chats/chats.module.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuditTrailModule } from './infra/audit/audit-trail.module.js';
import { HelpsModule } from './modules/helps/helps.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { QueuesModule } from './modules/queues/queues.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { TagsModule } from './modules/tags/tags.module.js';
import { QuickMessagesModule } from './modules/quick-messages/quick-messages.module.js';
import { QueueOptionsModule } from './modules/queue-options/queue-options.module.js';
import { TicketNotesModule } from './modules/ticket-notes/ticket-notes.module.js';
import { PromptsModule } from './modules/prompts/prompts.module.js';
import { QueueIntegrationsModule } from './modules/queue-integrations/queue-integrations.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { CampaignSettingsModule } from './modules/campaign-settings/campaign-settings.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { MessageTemplatesModule } from './modules/message-templates/message-templates.module.js';

/** The request logger's options, and its destination when it has its own (see logDestination). */
function logPinoHttp(config: AppConfig): Options | [Options, DestinationStream] {
  const options = requestLogOptions(config.logLevel, config.requestLogSample);
  const destination = logDestination();
  return destination ? [options, destination] : options;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: logPinoHttp(config) }),
        MikroOrmModule.forRoot(createOrmConfig(config.databaseUrl)),
        DomainEventsModule,
        HotPathPoolModule,
        RedisModule,
        SchedulingModule.forRoot(config),
        JobsModule,
        MailModule,
        AuthorizationModule,
        RealtimeModule.forRoot([TicketsModule]),
        HealthModule,
        MetricsModule,
        AuditTrailModule,
        AuditModule,
        AuthModule,
        UsersModule.forRoot([AuthModule]),
        CompaniesModule,
        PlansModule,
        HelpsModule,
        SettingsModule,
        QueuesModule,
        StorageModule,
        MediaModule,
        ChannelsModule.forRoot(config, [MessagesModule]),
        MessagesModule,
        TicketsModule,
        ConnectionsModule,
        MessageTemplatesModule,
        ContactsModule,
        ExternalApiModule,
        ConversationModule,
        AutomationModule,
        DashboardModule,
        SchedulesModule,
        KanbanModule,
        ChatsModule,
        TagsModule,
        QuickMessagesModule,
        TicketNotesModule,
        QueueOptionsModule,
        PromptsModule,
        QueueIntegrationsModule,
        FilesModule,
        CampaignSettingsModule,
        InvoicesModule.forRoot(config),
        CampaignsModule,
        ContactListsModule,
        AnnouncementsModule,
      ],
    };
  }
}
