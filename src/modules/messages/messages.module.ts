import { Module } from '@nestjs/common';
import { INBOUND_SINK } from '../../channels/inbound-sink.js';
import { SEND_FAILURE_SINK } from '../../channels/send-failure-sink.js';
import { SettingsModule } from '../settings/settings.module.js';
import { InboundInboxRepository } from './inbound-inbox.repository.js';
import { InboundPipeline } from './inbound-pipeline.js';
import { InboundRepository } from './inbound.repository.js';
import { MessageEvents } from './message-events.js';
import { MessagesRepository } from './messages.repository.js';
import { SendFailures } from './send-failures.js';
import { SendFailuresRepository } from './send-failures.repository.js';

@Module({
  imports: [SettingsModule],
  providers: [
    InboundRepository,
    InboundInboxRepository,
    MessagesRepository,
    InboundPipeline,
    MessageEvents,
    SendFailuresRepository,
    SendFailures,
    { provide: INBOUND_SINK, useExisting: InboundPipeline },
    { provide: SEND_FAILURE_SINK, useExisting: SendFailures },
  ],
  exports: [InboundPipeline, InboundInboxRepository, InboundRepository, MessagesRepository, MessageEvents, INBOUND_SINK, SEND_FAILURE_SINK],
})
export class MessagesModule {}
