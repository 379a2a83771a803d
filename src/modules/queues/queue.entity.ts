import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import type { ScheduleEntry } from '../../shared/schedules.js';
import { Company } from '../companies/company.entity.js';
import { Prompt } from '../prompts/prompt.entity.js';
import { QueueIntegration } from '../queue-integrations/queue-integration.entity.js';

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

  /** The automation that answers in this queue. */
  @ManyToOne(() => QueueIntegration, { ref: true, nullable: true, deleteRule: 'set null' })
  integration: Ref<QueueIntegration> | null = null;

  @ManyToOne(() => Prompt, { ref: true, nullable: true, deleteRule: 'set null' })
  prompt: Ref<Prompt> | null = null;

  /** Storage path `company{id}/{generated name}`, sent with the greeting. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;
}
