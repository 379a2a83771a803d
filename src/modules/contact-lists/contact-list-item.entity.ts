import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { ContactList } from './contact-list.entity.js';

/**
 * One recipient of a list. A number appears once per list (duplicates of an import are merged); campaigns walk the
 * items in id order and send only to those found on WhatsApp.
 */
@Entity({ tableName: 'contact_list_items' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'contactList', 'number'] })
@Index({ properties: ['company', 'contactList', 'name'] })
export class ContactListItem extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => ContactList, { ref: true, deleteRule: 'cascade' })
  contactList!: Ref<ContactList>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Digits only, as WhatsApp knows the number (ninth digit resolved when checked). */
  @Property({ type: 'string', length: 60 })
  number!: string;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  /** null until checked on WhatsApp; false rows are kept and never sent to. */
  @Property({ type: 'boolean', nullable: true })
  isWhatsappValid: boolean | null = null;
}
