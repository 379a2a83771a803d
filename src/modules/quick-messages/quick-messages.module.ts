import { Module } from '@nestjs/common';
import { QuickMessageMediaService } from './quick-message-media.service.js';
import { QuickMessagesController } from './quick-messages.controller.js';
import { QuickMessagesService } from './quick-messages.service.js';
import { QuickMessageEvents } from './quick-messages.events.js';

/** Quick replies. The storage port comes from the global storage module. */
@Module({ controllers: [QuickMessagesController], providers: [QuickMessagesService, QuickMessageMediaService, QuickMessageEvents] })
export class QuickMessagesModule {}
