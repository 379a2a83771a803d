import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from './whatsapp.entity.js';

/** One credential or signal key of a provider session, written incrementally. Never leaves the server. */
@Entity({ tableName: 'channel_auth_keys' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'whatsapp', 'type', 'keyId'] })
@Index({ properties: ['company', 'whatsapp'] })
export class ChannelAuthKey extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Whatsapp, { ref: true, deleteRule: 'cascade' })
  whatsapp!: Ref<Whatsapp>;

  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'string', length: 255 })
  keyId!: string;

  @Property({ type: 'text' })
  value!: string;
}
