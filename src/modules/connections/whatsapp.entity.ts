import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToMany, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { SESSION_STATUSES, type SessionStatus } from '../../channels/channel-provider.js';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Prompt } from '../prompts/prompt.entity.js';
import { Queue } from '../queues/queue.entity.js';

/** A connection: one WhatsApp number of a company (administration §3). */
@Entity({ tableName: 'whatsapps' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'name'] })
@Index({ properties: ['company', 'status'] })
export class Whatsapp extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Enum({ items: () => SESSION_STATUSES, default: 'DISCONNECTED' })
  status: SessionStatus & Opt = 'DISCONNECTED';

  /** Last QR string while linking; cleared once connected. */
  @Property({ type: 'text', nullable: true })
  qrcode: string | null = null;

  @Property({ type: 'integer', default: 0 })
  retries: number & Opt = 0;

  @Property({ type: 'boolean', default: false })
  isDefault: boolean & Opt = false;

  /** `beta` is the WhatsApp Web multi-device protocol (Baileys); `simulator` is the built-in fake phone. */
  @Property({ type: 'string', length: 20, default: 'beta' })
  provider: string & Opt = 'beta';

  @Property({ type: 'string', length: 30, nullable: true })
  phoneNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  disconnectReason: string | null = null;

  @Property({ type: 'text', nullable: true })
  greetingMessage: string | null = null;

  @Property({ type: 'text', nullable: true })
  complationMessage: string | null = null;

  @Property({ type: 'text', nullable: true })
  outOfHoursMessage: string | null = null;

  @Property({ type: 'text', nullable: true })
  ratingMessage: string | null = null;

  @Property({ type: 'text', nullable: true })
  expiresInactiveMessage: string | null = null;

  /** Minutes after which an idle open chat closes; 0 = off. */
  @Property({ type: 'integer', default: 0 })
  expiresTicket: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  timeUseBotQueues: number & Opt = 0;

  @Property({ type: 'integer', default: 3 })
  maxUseBotQueues: number & Opt = 3;

  @Property({ type: 'integer', nullable: true })
  timeToTransfer: number | null = null;

  @ManyToOne(() => Queue, { ref: true, nullable: true, deleteRule: 'set null' })
  transferQueue: Ref<Queue> | null = null;

  /** The AI assistant that answers before a queue is chosen. */
  @ManyToOne(() => Prompt, { ref: true, nullable: true, deleteRule: 'set null' })
  prompt: Ref<Prompt> | null = null;

  /** sha256 of the external-API token; the token itself is shown once and never stored. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  tokenHash: string | null = null;

  @Property({ type: 'string', length: 8, nullable: true })
  tokenHint: string | null = null;

  /** WhatsApp Cloud API (provider `cloud`): the number's id at Meta and its business account. */
  @Property({ type: 'string', length: 64, nullable: true })
  cloudPhoneNumberId: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  cloudBusinessAccountId: string | null = null;

  /** Sealed (SecretBox); never sent back: the API shows its hint only. */
  @Property({ type: 'text', nullable: true, hidden: true })
  cloudAccessToken: string | null = null;

  @Property({ type: 'string', length: 8, nullable: true })
  cloudAccessTokenHint: string | null = null;

  /** Sealed (SecretBox); signs Meta's webhooks. */
  @Property({ type: 'text', nullable: true, hidden: true })
  cloudAppSecret: string | null = null;

  /** What Meta's webhook verification must present; generated, shown in the connection dialog. */
  @Property({ type: 'string', length: 64, nullable: true })
  cloudVerifyToken: string | null = null;

  @ManyToMany(() => Queue, undefined, { pivotTable: 'whatsapp_queues', joinColumn: 'whatsapp_id', inverseJoinColumn: 'queue_id' })
  queues = new Collection<Queue>(this);
}
