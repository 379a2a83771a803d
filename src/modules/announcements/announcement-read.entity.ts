import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { Announcement } from './announcement.entity.js';

/** That a user has read an announcement: the announcement is global, the marker belongs to the reader's company. */
@Entity({ tableName: 'announcement_reads' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'user', 'announcement'] })
export class AnnouncementRead extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => Announcement, { ref: true, deleteRule: 'cascade' })
  announcement!: Ref<Announcement>;
}
