import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import type { ScheduleEntry } from '../../shared/schedules.js';
import { Company } from '../companies/company.entity.js';

@Entity({ tableName: 'queues' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'name'] })
@Unique({ properties: ['company', 'color'] })
export class Queue extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Property({ type: 'string', length: 9 })
  color!: string;

  @Property({ type: 'integer', nullable: true })
  orderQueue: number | null = null;

  @Property({ type: 'text', nullable: true })
  greetingMessage: string | null = null;

  @Property({ type: 'text', nullable: true })
  outOfHoursMessage: string | null = null;

  @Property({ type: 'json', nullable: true })
  schedules: ScheduleEntry[] & Opt = [];
}
