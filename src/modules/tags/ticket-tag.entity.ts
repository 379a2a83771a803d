import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { Tag } from './tag.entity.js';

/** One tag on one ticket. The unique key serves lookups by ticket; the index serves the per-tag counts. */
@Entity({ tableName: 'ticket_tags' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'ticket', 'tag'] })
@Index({ properties: ['company', 'tag'] })
export class TicketTag extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  @ManyToOne(() => Tag, { ref: true, deleteRule: 'cascade' })
  tag!: Ref<Tag>;
}
