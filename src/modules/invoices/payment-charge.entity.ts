import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Invoice } from './invoice.entity.js';

export const CHARGE_STATUSES = ['creating', 'pending', 'paid', 'failed', 'refunded'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * A Pix charge issued for an invoice. The row is written (status `creating`) before the provider is asked, so a
 * charge the provider knows always has its row here, and the webhook can find it by our txid, which starts with the
 * company's id (see charge-txid.ts): the lookup is scoped to one company like every other.
 */
@Entity({ tableName: 'payment_charges' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'txid'] })
@Index({ properties: ['company', 'invoice', 'status'] })
export class PaymentCharge extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Invoice, { ref: true, deleteRule: 'cascade' })
  invoice!: Ref<Invoice>;

  @Property({ type: 'string', length: 30 })
  provider!: string;

  @Property({ type: 'string', length: 35 })
  txid!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  providerChargeId: string | null = null;

  /** The invoice's value when the charge was issued. */
  @Property({ type: 'decimal', columnType: 'numeric(12,2)', runtimeType: 'number' })
  amount!: number;

  @Property({ type: 'text', nullable: true })
  brCode: string | null = null;

  @Property({ type: 'text', nullable: true, lazy: true })
  qrDataUrl: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Enum({ items: () => CHARGE_STATUSES, default: 'creating' })
  status: ChargeStatus & Opt = 'creating';
}
