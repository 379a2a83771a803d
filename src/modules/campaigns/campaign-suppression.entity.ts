import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';

/** A number that opted out of campaigns (it wrote an opt-out keyword): no later campaign sends to it. */
@Entity({ tableName: 'campaign_suppressions' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'number'] })
export class CampaignSuppression extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 60 })
  number!: string;

  /** The keyword it wrote. */
  @Property({ type: 'string', length: 60 })
  keyword!: string;
}
