import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { MessagesModule } from './messages.module.js';
import { OutboundMessages } from './outbound-messages.js';
import { TicketTexts } from './ticket-texts.js';
import { TicketTextsRepository } from './ticket-texts.repository.js';

/**
 * Sending, and the automatic texts of ticket transitions. Apart from MessagesModule, which the ChannelsModule imports as
 * its inbound sink, because sending needs the ChannelManager.
 */
@Module({
  imports: [MediaModule, MessagesModule, SettingsModule, TicketsModule],
  providers: [OutboundMessages, TicketTexts, TicketTextsRepository],
  exports: [OutboundMessages, TicketTexts],
})
export class OutboundModule {}
