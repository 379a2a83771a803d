import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { DueDayType } from '../../infra/database/due-day.type.js';

/**
 * What a reported event did. Payments: applied, or nothing (unknown_charge, amount_mismatch, already_paid).
 * Reversals: refunded (the payment it names was taken back), not_applied (that charge's payment had changed nothing,
 * so there is nothing to take back), already_refunded.
 */
export const PAYMENT_OUTCOMES = ['applied', 'unknown_charge', 'amount_mismatch', 'already_paid', 'refunded', 'not_applied', 'already_refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** A payment (money in), a refund we made, or a chargeback by the payer's bank. */
export const TRANSACTION_KINDS = ['payment', 'refund', 'chargeback'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * Every confirmed payment and every reversal a provider reported, once per (provider, transaction id): the
 * idempotency key of the webhook and its audit log. Not tenant-owned: a report may name a charge nobody here issued
 * (company_id is null then). An applied payment also keeps the due dates it moved between, so a reversal can withdraw
 * exactly the time it granted.
 */
@Entity({ tableName: 'payment_transactions' })
@Unique({ properties: ['provider', 'transactionId'] })
@Index({ properties: ['companyId', 'receivedAt'] })
export class PaymentTransaction {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 30 })
  provider!: string;

  @Enum({ items: () => TRANSACTION_KINDS, default: 'payment' })
  kind: TransactionKind & Opt = 'payment';

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

  /** When the money moved: paid, or taken back. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  paidAt!: Date;

  /** An applied payment: the company's due day before it, and the one it gave. */
  @Property({ type: DueDayType, nullable: true })
  dueBefore: Date | null = null;

  @Property({ type: DueDayType, nullable: true })
  dueAfter: Date | null = null;

  /** An applied payment: the months of the recurrence it was worth. */
  @Property({ type: 'smallint', nullable: true })
  months: number | null = null;

  /** An applied payment that a refund or a chargeback took back. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  reversedAt: Date | null = null;

  @Enum({ items: () => PAYMENT_OUTCOMES })
  outcome!: PaymentOutcome;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date & Opt = new Date();
}
