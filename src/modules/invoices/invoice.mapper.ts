import type { InvoiceResponse } from '../../shared/billing-api-types.js';
import type { Invoice } from './invoice.entity.js';
import { dueDayIso } from '../../shared/due-date.js';

export function toInvoiceResponse(invoice: Invoice): InvoiceResponse {
  return {
    id: invoice.id,
    detail: invoice.detail,
    value: Number(invoice.value),
    dueDate: dueDayIso(invoice.dueDate)!,
    status: invoice.status,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    refundedAt: invoice.refundedAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}
