import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

export const PAYMENT_OUTCOMES = ['applied', 'unknown_charge', 'amount_mismatch', 'already_paid'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Every confirmed payment a provider reported, once per (provider, transaction id): the idempotency key of the
 * webhook and its audit log. Not tenant-owned: a report may name a charge nobody here issued (company_id is null then).
 */
@Entity({ tableName: 'payment_transactions' })
@Unique({ properties: ['provider', 'transactionId'] })
@Index({ properties: ['companyId', 'receivedAt'] })
export class PaymentTransaction {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 30 })
  provider!: string;

  @Property({ type: 'string', length: 100 })
  transactionId!: string;

  @Property({ type: 'string', length: 100 })
  chargeId!: string;

  @Property({ type: 'integer', nullable: true })
  companyId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  invoiceId: number | null = null;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)', runtimeType: 'number' })
  amount!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  paidAt!: Date;

  @Enum({ items: () => PAYMENT_OUTCOMES })
  outcome!: PaymentOutcome;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date & Opt = new Date();
}
