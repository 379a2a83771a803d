import { Module } from '@nestjs/common';
import { MessagesModule } from './messages.module.js';
import { OutboundMessages } from './outbound-messages.js';

/** Sending needs the ChannelManager, which itself needs the inbound side: kept apart to avoid a module cycle. */
@Module({ imports: [MessagesModule], providers: [OutboundMessages], exports: [OutboundMessages] })
export class OutboundModule {}
