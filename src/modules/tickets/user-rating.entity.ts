import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { Ticket } from './ticket.entity.js';

/** The customer's 1–3 answer to the rating question sent when a ticket closes. */
@Entity({ tableName: 'user_ratings' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'createdAt'] })
@Index({ properties: ['company', 'user', 'createdAt'] })
export class UserRating extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Property({ type: 'smallint' })
  rate!: number;
}
