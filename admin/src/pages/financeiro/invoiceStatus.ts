import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { daysUntilDue } from '../../dueDate';

/**
 * How an invoice is shown (administration §4): paid; refunded (paid, then refunded or charged back: payable again);
 * overdue when its due date is before today; else open.
 */
export type InvoiceDisplayStatus = 'paid' | 'refunded' | 'overdue' | 'open';

export function invoiceDisplayStatus(invoice: Pick<InvoiceResponse, 'status' | 'dueDate'>, today = new Date()): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'refunded') return 'refunded';
  const days = daysUntilDue(invoice.dueDate, today);
  return days !== undefined && days < 0 ? 'overdue' : 'open';
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is always shown in reais, pt-BR, two decimals (administration §9), whatever the interface language. */
export function formatMoney(value: number | string): string {
  return BRL.format(Number(value));
}
