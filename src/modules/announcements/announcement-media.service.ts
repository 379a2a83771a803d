import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import { fileRequired, notAnImage } from './announcement-errors.js';
import { isAcceptedImage } from './announcement-image.js';
import type { Announcement } from './announcement.entity.js';
import { type AnnouncementResponse, toAnnouncementResponse } from './announcement.mapper.js';
import { AnnouncementEvents } from './announcements.events.js';
import { AnnouncementsService } from './announcements.service.js';

/**
 * The attachment of an announcement: one png/jpg/jpeg image, replaced on upload, stored under a generated name in
 * the publishing super user's company folder (served under /public/ to every company).
 */
@Injectable()
export class AnnouncementMediaService {
  constructor(
    private readonly em: EntityManager,
    private readonly announcements: AnnouncementsService,
    private readonly storage: StoragePort,
    private readonly events: AnnouncementEvents,
  ) {}

  async upload(_ctx: AuthContext, id: number, file: UploadedMedia | undefined): Promise<AnnouncementResponse> {
    // The upload is already stored: whatever refuses it below removes it, so nothing is left behind.
    let stored = file?.path ?? null;
    try {
      if (!file?.size) throw fileRequired();
      if (!isAcceptedImage(file, await this.storage.read(file.path))) throw notAnImage();
      const record = await this.announcements.load(id);
      stored = null;
      return await this.replace(record, file.path, file.originalName.slice(0, 255) || null);
    } finally {
      if (stored) await this.storage.remove(stored).catch(() => undefined);
    }
  }

  async remove(_ctx: AuthContext, id: number): Promise<AnnouncementResponse> {
    return this.replace(await this.announcements.load(id), null, null);
  }

  /** The previous file is deleted only once the record no longer points to it. */
  private async replace(record: Announcement, mediaPath: string | null, mediaName: string | null): Promise<AnnouncementResponse> {
    const previous = record.mediaPath;
    record.mediaPath = mediaPath;
    record.mediaName = mediaName;
    await this.em.flush();
    this.events.changed('update', record);
    if (previous && previous !== mediaPath) await this.storage.remove(previous);
    return toAnnouncementResponse(record);
  }
}
