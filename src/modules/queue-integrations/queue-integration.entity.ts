import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';

import { INTEGRATION_TYPES, type IntegrationType } from '../../shared/api-types.js';

export { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES, type IntegrationType } from '../../shared/api-types.js';

/** A chatbot or automation service a queue hands its conversations to (campaigns-and-content §QueueIntegration). */
@Entity({ tableName: 'queue_integrations' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'name'] })
export class QueueIntegration extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Enum({ items: () => INTEGRATION_TYPES })
  type!: IntegrationType;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  projectName: string | null = null;

  /** Dialogflow service-account JSON: a secret, readable by admins only. */
  @Property({ type: 'text', nullable: true })
  jsonContent: string | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  language: string | null = null;

  /** The n8n/webhook URL, or the Typebot server's base URL. */
  @Property({ type: 'string', length: 1000, nullable: true })
  urlN8N: string | null = null;

  @Property({ type: 'integer', default: 1000 })
  typebotDelayMessage: number & Opt = 1000;

  /** Minutes a Typebot session lives without messages; 0 keeps it until it ends. */
  @Property({ type: 'integer', default: 1 })
  typebotExpires: number & Opt = 1;

  @Property({ type: 'string', length: 100, nullable: true })
  typebotKeywordFinish: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  typebotKeywordRestart: string | null = null;

  @Property({ type: 'text', nullable: true })
  typebotRestartMessage: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  typebotSlug: string | null = null;

  @Property({ type: 'text', nullable: true })
  typebotUnknownMessage: string | null = null;
}
