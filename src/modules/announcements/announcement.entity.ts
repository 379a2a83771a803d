import type { Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { type AnnouncementPriority, DEFAULT_ANNOUNCEMENT_PRIORITY } from '../../shared/announcement-api-types.js';

/** Announcements are global: published by super users for every company (no tenant, like helps). */
@Entity({ tableName: 'announcements' })
export class Announcement extends BaseEntity {
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  text!: string;

  /** 1 high, 2 medium, 3 low. */
  @Property({ type: 'smallint', default: DEFAULT_ANNOUNCEMENT_PRIORITY })
  priority: AnnouncementPriority & Opt = DEFAULT_ANNOUNCEMENT_PRIORITY;

  /** Active: only active announcements reach users who are not super users. */
  @Property({ type: 'boolean', default: true })
  status: boolean & Opt = true;

  /** Storage path `company{id}/{generated name}` (the publishing super user's company folder), served under /public/. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  /** The uploaded file's original name, as metadata only. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;
}
