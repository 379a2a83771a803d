import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactCustomField } from './contact-custom-field.entity.js';

@Entity({ tableName: 'contacts' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'number'] })
@Index({ properties: ['company', 'name'] })
@Index({ properties: ['company', 'createdAt'] })
export class Contact extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  uuid: string & Opt = crypto.randomUUID();

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Digits (country + area + number), or the group id for group contacts. */
  @Property({ type: 'string', length: 60 })
  number!: string;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  profilePicUrl: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  profilePicUpdatedAt: Date | null = null;

  @Property({ type: 'boolean', default: false })
  isGroup: boolean & Opt = false;

  /** The last WhatsApp check of the number: true on WhatsApp, false not ('CONTATO FORA DO WHATSAPP'), null unchecked. */
  @Property({ type: 'boolean', nullable: true })
  isWhatsappValid: boolean | null = null;

  /** The connection the contact first wrote to (read-only in the dialog). */
  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp: Ref<Whatsapp> | null = null;

  @OneToMany(
    () => ContactCustomField,
    (field) => field.contact,
    { orphanRemoval: true },
  )
  extraInfo = new Collection<ContactCustomField>(this);
}
