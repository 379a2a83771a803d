import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { DueDayType } from '../../infra/database/due-day.type.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import type { InvoiceStatus } from '../../shared/billing-api-types.js';
import { Company } from '../companies/company.entity.js';

/** `refunded`: paid, then refunded or charged back; payable again, since the period it renewed is owed again. */
export const INVOICE_STATUSES = ['open', 'paid', 'refunded'] as const satisfies readonly InvoiceStatus[];

/** What a company owes for the period that starts at one of its due dates: one invoice per company and due date. */
@Entity({ tableName: 'invoices' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'dueDate'] })
@Index({ properties: ['company', 'status', 'dueDate'] })
export class Invoice extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  /** The company due day this invoice renews (companies.due_date when it was issued). */
  @Property({ type: DueDayType })
  dueDate!: Date;

  /** Reais, exact: the plan's monthly value times the months of the company's recurrence. */
  @Property({ type: 'decimal', columnType: 'numeric(12,2)', runtimeType: 'number' })
  value!: number;

  @Property({ type: 'string', length: 200 })
  detail!: string;

  @Enum({ items: () => INVOICE_STATUSES, default: 'open' })
  status: InvoiceStatus & Opt = 'open';

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  refundedAt: Date | null = null;
}
