import { Module } from '@nestjs/common';
import { ContactNumberResolver } from './contact-number.js';
import { ContactWhatsappCheck } from './contact-whatsapp-check.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';

/**
 * The contacts API, and the WhatsApp check a chat needs before it starts (the tickets module asks it). The
 * ChannelManager (number checks) comes from the global channels module.
 */
@Module({
  controllers: [ContactsController],
  providers: [ContactsService, ContactNumberResolver, ContactsRepository, ContactWhatsappCheck],
  exports: [ContactsRepository, ContactWhatsappCheck],
})
export class ContactsModule {}
