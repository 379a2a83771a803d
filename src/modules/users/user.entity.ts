import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToMany, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { PROFILES, type Profile } from '../../shared/permissions.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';

export const ALL_TICKET_VALUES = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

@Entity({ tableName: 'users' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'name'] })
export class User extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** Stored lower-case; unique across companies because login is by email alone. */
  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 255, hidden: true, lazy: true })
  passwordHash!: string;

  @Enum({ items: () => PROFILES, default: 'user' })
  profile: Profile & Opt = 'user';

  @Property({ type: 'boolean', default: false })
  super: boolean & Opt = false;

  @Enum({ items: () => ALL_TICKET_VALUES, default: 'desabled' })
  allTicket: AllTicket & Opt = 'desabled';

  /** Default connection of the user; the connections table arrives with the channels module. */
  @Property({ type: 'integer', nullable: true })
  whatsappId: number | null = null;

  /** Bumped on login and logout: refresh tokens carry it, so older sessions stop refreshing. */
  @Property({ type: 'integer', default: 0 })
  tokenVersion: number & Opt = 0;

  @Property({ type: 'boolean', default: false })
  online: boolean & Opt = false;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastSeenAt: Date | null = null;

  @ManyToMany(() => Queue, undefined, { pivotTable: 'user_queues', joinColumn: 'user_id', inverseJoinColumn: 'queue_id' })
  queues = new Collection<Queue>(this);
}
