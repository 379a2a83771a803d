import { Module } from '@nestjs/common';
import { ContactNumberResolver } from './contact-number.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';

/** The contacts API. The ChannelManager (number checks) comes from the global channels module. */
@Module({ controllers: [ContactsController], providers: [ContactsService, ContactNumberResolver, ContactsRepository], exports: [ContactsRepository] })
export class ContactsModule {}
