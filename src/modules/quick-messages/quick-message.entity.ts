import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';

/** A reusable reply, typed as `/shortcode` in the chat. Private to its owner unless `geral`. */
@Entity({ tableName: 'quick_messages' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'user', 'shortcode'] })
@Index({ properties: ['company', 'shortcode'] })
export class QuickMessage extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  /** The owner. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 100 })
  shortcode!: string;

  @Property({ type: 'text', default: '' })
  message: string & Opt = '';

  /** Shared with every user of the company. */
  @Property({ type: 'boolean', default: false })
  geral: boolean & Opt = false;

  /** Active: only active ones are suggested in the chat. */
  @Property({ type: 'boolean', default: true })
  status: boolean & Opt = true;

  /** Storage path `company{id}/{generated name}`, served under /public/. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  /** The uploaded file's original name, as metadata only. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;
}
