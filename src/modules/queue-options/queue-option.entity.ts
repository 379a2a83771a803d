import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';

/** One node of a queue's chatbot menu: `parent` null for the top level, `option` its 1-based key among its siblings. */
@Entity({ tableName: 'queue_options' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'queue', 'parent', 'option'] })
export class QueueOption extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Queue, { ref: true, deleteRule: 'cascade' })
  queue!: Ref<Queue>;

  /** The database removes a subtree with its root (the service deletes explicitly too, to clean media files). */
  @ManyToOne(() => QueueOption, { ref: true, nullable: true, deleteRule: 'cascade' })
  parent: Ref<QueueOption> | null = null;

  @Property({ type: 'string', length: 100 })
  title!: string;

  @Property({ type: 'text', default: '' })
  message: string & Opt = '';

  @Property({ type: 'integer' })
  option!: number;

  /** Storage path `company{id}/{generated name}`, served under /public/. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;
}
