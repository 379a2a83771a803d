import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';

/** An AI assistant: its system text, model limits and the queue a transfer phrase hands the ticket to. */
@Entity({ tableName: 'prompts' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'name'] })
export class Prompt extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  prompt!: string;

  /** 'texto' answers in text; any other value names a neural voice. */
  @Property({ type: 'string', length: 100, default: 'texto' })
  voice: string & Opt = 'texto';

  @Property({ type: 'text', nullable: true, hidden: true })
  voiceKey: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  voiceRegion: string | null = null;

  @Property({ type: 'integer', default: 100 })
  maxTokens: number & Opt = 100;

  @Property({ type: 'double', default: 1 })
  temperature: number & Opt = 1;

  /** Sent to the model provider only; never returned by the API. */
  @Property({ type: 'text', hidden: true })
  apiKey!: string;

  @ManyToOne(() => Queue, { ref: true, deleteRule: 'cascade' })
  queue!: Ref<Queue>;

  @Property({ type: 'integer', default: 10 })
  maxMessages: number & Opt = 10;

  /** Model name; the provider's default chat model unless set. */
  @Property({ type: 'string', length: 100, default: 'gpt-4o-mini' })
  model: string & Opt = 'gpt-4o-mini';
}
