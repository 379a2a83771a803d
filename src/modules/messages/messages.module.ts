import { Module } from '@nestjs/common';
import { INBOUND_SINK } from '../../channels/inbound-sink.js';
import { SettingsModule } from '../settings/settings.module.js';
import { InboundInboxRepository } from './inbound-inbox.repository.js';
import { InboundPipeline } from './inbound-pipeline.js';
import { InboundRepository } from './inbound.repository.js';
import { MessageEvents } from './message-events.js';
import { MessagesRepository } from './messages.repository.js';

@Module({
  imports: [SettingsModule],
  providers: [
    InboundRepository,
    InboundInboxRepository,
    MessagesRepository,
    InboundPipeline,
    MessageEvents,
    { provide: INBOUND_SINK, useExisting: InboundPipeline },
  ],
  exports: [InboundPipeline, InboundInboxRepository, InboundRepository, MessagesRepository, MessageEvents, INBOUND_SINK],
})
export class MessagesModule {}
