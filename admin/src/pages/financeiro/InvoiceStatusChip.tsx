import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { invoiceDisplayStatus } from './invoiceStatus';

const COLORS = { paid: 'success', refunded: 'info', overdue: 'error', open: 'warning' } as const;

/** 'Pago', 'Vencido' or 'Em Aberto' (administration §4), or 'Estornado'. */
export function InvoiceStatusChip({ invoice }: { invoice: InvoiceResponse }) {
  const translate = useTranslate();
  const status = invoiceDisplayStatus(invoice);
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={translate(`invoices.status.${status}`)} data-status={status} />;
}
