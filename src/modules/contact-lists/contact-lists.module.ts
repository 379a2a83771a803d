import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ContactListItemsController } from './contact-list-items.controller.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import { ContactListNumberChecker } from './contact-list-number-checker.js';
import { ContactListsController } from './contact-lists.controller.js';
import { ContactListEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { ContactListsService } from './contact-lists.service.js';
import { CONTACT_IMPORT_QUEUE, ContactImportJobs } from './import/contact-import-jobs.js';
import { ContactListImportProcessor } from './import/contact-list-import.processor.js';
import { ContactListImportsRepository } from './import/contact-list-imports.repository.js';
import { ContactListImportsService } from './import/contact-list-imports.service.js';

/**
 * Contact lists, their items and spreadsheet imports (a BullMQ job per import). The ChannelManager (number checks)
 * and the storage port come from global modules.
 */
@Module({
  imports: [BullModule.registerQueue({ name: CONTACT_IMPORT_QUEUE })],
  controllers: [ContactListsController, ContactListItemsController],
  providers: [
    ContactListsService,
    ContactListItemsService,
    ContactListImportsService,
    ContactListImportProcessor,
    ContactImportJobs,
    ContactListImportsRepository,
    ContactListNumberChecker,
    ContactListsRepository,
    ContactListEvents,
  ],
  exports: [ContactListsService],
})
export class ContactListsModule {}
