import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';

/** A named audience for campaigns; its items are imported from a spreadsheet or typed in. */
@Entity({ tableName: 'contact_lists' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'name'] })
export class ContactList extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 100 })
  name!: string;
}
