import { Module } from '@nestjs/common';
import { AnnouncementMediaService } from './announcement-media.service.js';
import { AnnouncementReadsRepository } from './announcement-reads.repository.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementEvents } from './announcements.events.js';
import { AnnouncementsService } from './announcements.service.js';

/** Global announcements and the bell's read markers. The storage port and the realtime service are global modules. */
@Module({
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService, AnnouncementMediaService, AnnouncementReadsRepository, AnnouncementEvents],
})
export class AnnouncementsModule {}
