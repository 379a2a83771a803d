import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { SHIPPING_STATUSES, type ShippingStatus } from '../../shared/campaigns.js';
import { Company } from '../companies/company.entity.js';
import { Campaign } from './campaign.entity.js';

/**
 * One recipient of a campaign: the idempotency key of its delivery (one row per campaign and number). The provider
 * message id is chosen before the send and kept, so a send retried after a crash reuses it and WhatsApp shows it once.
 */
@Entity({ tableName: 'campaign_shippings' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'campaign', 'number'] })
@Index({ properties: ['company', 'campaign', 'position'] })
@Index({ properties: ['company', 'whatsappId', 'deliveredAt'] })
@Index({ properties: ['company', 'number'] })
export class CampaignShipping extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  /** Order of the walk (the list item's order). */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 60 })
  number!: string;

  @Property({ type: 'string', length: 100, default: '' })
  name: string & Opt = '';

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  /** Known to be on WhatsApp (checked at import); unchecked numbers are checked just before their send. */
  @Property({ type: 'boolean', default: false })
  checked: boolean & Opt = false;

  @Enum({ items: () => SHIPPING_STATUSES, default: 'pending' })
  status: ShippingStatus & Opt = 'pending';

  /** The connection that sent it (daily caps count per connection). */
  @Property({ type: 'integer', nullable: true })
  whatsappId: number | null = null;

  /** The provider id of the main message, fixed before its send. */
  @Property({ type: 'string', length: 100, nullable: true })
  providerId: string | null = null;

  /** The main message as rendered for this recipient (kept for the conversation history and the report). */
  @Property({ type: 'text', default: '' })
  body: string & Opt = '';

  /** The provider id of the confirmation request, fixed before its send. */
  @Property({ type: 'string', length: 100, nullable: true })
  confirmationProviderId: string | null = null;

  @Property({ type: 'text', default: '' })
  confirmationBody: string & Opt = '';

  /** Which message variant (1..5) it got. */
  @Property({ type: 'smallint', nullable: true })
  variant: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  confirmationRequestedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  failedAt: Date | null = null;

  /**
   * When the send was attempted, recorded before a provider that assigns the message id (the Cloud API) is called:
   * set with no outcome recorded, the send's outcome is unknown (the process died in between).
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  attemptedAt: Date | null = null;

  /** What the provider's status webhooks said of the main message: 2 sent, 3 delivered, 4 read, 0 failed. */
  @Property({ type: 'smallint', nullable: true })
  outcomeAck: number | null = null;

  /** The provider's reason when its status said failed. */
  @Property({ type: 'string', length: 300, nullable: true })
  outcomeError: string | null = null;

  /** Why it failed or was skipped (an error code). */
  @Property({ type: 'string', length: 80, nullable: true })
  error: string | null = null;
}
