import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';

/** A WhatsApp Cloud API template of one connection, as Meta last answered it (templates are authored in Meta's tools). */
@Entity({ tableName: 'message_templates' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'whatsapp', 'metaId'] })
@Index({ properties: ['company', 'whatsapp', 'status', 'name'] })
@Index({ properties: ['company', 'name'] })
export class MessageTemplate extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Whatsapp, { ref: true, deleteRule: 'cascade' })
  whatsapp!: Ref<Whatsapp>;

  /** Meta's id of the template. */
  @Property({ type: 'string', length: 64 })
  metaId!: string;

  @Property({ type: 'string', length: 512 })
  name!: string;

  /** As approved: `pt_BR`, `en_US`. */
  @Property({ type: 'string', length: 32 })
  language!: string;

  @Property({ type: 'string', length: 64, default: '' })
  category: string & Opt = '';

  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED... as Meta says. */
  @Property({ type: 'string', length: 32 })
  status!: string;

  @Property({ type: 'json', default: '[]' })
  components: TemplateComponentDefinition[] & Opt = [];

  /** How many {{n}} values the body takes. */
  @Property({ type: 'integer', default: 0 })
  variables: number & Opt = 0;

  /** IMAGE, VIDEO or DOCUMENT when the header needs a file at send time; TEXT or null otherwise. */
  @Property({ type: 'string', length: 16, nullable: true })
  headerFormat: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  syncedAt: Date & Opt = new Date();
}
