import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Contact } from './contact.entity.js';

/** A free name/value pair on a contact ("extra info"). */
@Entity({ tableName: 'contact_custom_fields' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'contact'] })
export class ContactCustomField extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  value!: string;
}
