import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';

@Entity({ tableName: 'plans' })
export class Plan extends BaseEntity {
  @Property({ type: 'string', length: 120 })
  @Unique()
  name!: string;

  @Property({ type: 'integer' })
  users: number & Opt = 0;

  @Property({ type: 'integer' })
  connections: number & Opt = 0;

  @Property({ type: 'integer' })
  queues: number & Opt = 0;

  /** Monthly price in BRL, stored exactly. */
  @Property({ type: 'decimal', columnType: 'numeric(12,2)', runtimeType: 'number' })
  value: number & Opt = 0;

  @Property({ type: 'boolean', default: true })
  useCampaigns: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useSchedules: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useInternalChat: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useExternalApi: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useKanban: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useOpenAi: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  useIntegrations: boolean & Opt = true;
}
