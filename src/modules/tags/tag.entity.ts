import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';

/** A label for tickets; `kanban` tags are the lanes of the kanban board. */
@Entity({ tableName: 'tags' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'name'] })
export class Tag extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** '#' and upper-case hex digits. */
  @Property({ type: 'string', length: 9 })
  color!: string;

  @Property({ type: 'boolean', default: false })
  kanban: boolean & Opt = false;

  /** Who created it; the tag outlives its creator. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;
}
