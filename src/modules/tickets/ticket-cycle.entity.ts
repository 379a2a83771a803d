import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { User } from '../users/user.entity.js';
import { Ticket } from './ticket.entity.js';

/** One attendance cycle of a ticket, for the dashboard's waiting and service times. */
@Entity({ tableName: 'ticket_cycles' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'ticket'] })
@Index({ properties: ['company', 'createdAt'] })
// The dashboard reads periods by arrival, for the company and per attendant.
@Index({ properties: ['company', 'queuedAt'] })
@Index({ properties: ['company', 'user', 'queuedAt'] })
export class TicketCycle extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @ManyToOne(() => Queue, { ref: true, nullable: true, deleteRule: 'set null' })
  queue: Ref<Queue> | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  queuedAt: Date & Opt = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  finishedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  ratingAt: Date | null = null;
}
