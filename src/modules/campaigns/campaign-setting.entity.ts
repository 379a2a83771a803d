import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';

/** Campaign settings are key/value pairs per company (campaigns §3); `variables` holds a JSON list. */
@Entity({ tableName: 'campaign_settings' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'key'] })
export class CampaignSetting extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 80 })
  key!: string;

  @Property({ type: 'text' })
  value!: string;
}
