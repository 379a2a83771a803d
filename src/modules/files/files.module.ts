import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { FileListMediaService } from './file-list-media.service.js';
import { FilesController } from './files.controller.js';
import { FileListEvents } from './files.events.js';
import { FileListsService } from './files.service.js';

/** File lists; exported for the conversation (sending a list into a ticket) and the campaigns (attachments). */
@Module({
  imports: [MediaModule],
  controllers: [FilesController],
  providers: [FileListsService, FileListMediaService, FileListEvents],
  exports: [FileListsService],
})
export class FilesModule {}
