import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { InboundPipeline } from './inbound-pipeline.js';
import { InboundRepository } from './inbound.repository.js';
import { MessageEvents } from './message-events.js';

@Module({
  imports: [SettingsModule],
  providers: [InboundRepository, InboundPipeline, MessageEvents],
  exports: [InboundPipeline, InboundRepository, MessageEvents],
})
export class MessagesModule {}
