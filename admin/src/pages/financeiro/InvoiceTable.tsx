import { alpha, Table, TableBody, TableCell, TableHead, TableRow, type Theme, useMediaQuery } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { formatDueDate } from '../../dueDate';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { InvoiceSummary } from './InvoiceSummary';
import { formatMoney, invoiceDisplayStatus } from './invoiceStatus';
import { PayButton } from './PayButton';

/** A short list of invoices (the subscription page's latest, the renewal page's) with the same columns and PAGAR as /financeiro. */
export function InvoiceTable({ invoices, checkoutPath }: { invoices: InvoiceResponse[]; checkoutPath(invoiceId: number): string }) {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {wide && <TableCell>{translate('invoices.columns.id')}</TableCell>}
          <TableCell>{translate('invoices.columns.detail')}</TableCell>
          {wide && <TableCell>{translate('invoices.columns.value')}</TableCell>}
          {wide && <TableCell>{translate('invoices.columns.dueDate')}</TableCell>}
          <TableCell>{translate('invoices.columns.status')}</TableCell>
          <TableCell align="right">{translate('invoices.columns.action')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow
            key={invoice.id}
            data-invoice-id={invoice.id}
            sx={invoiceDisplayStatus(invoice) === 'overdue' ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
          >
            {wide && <TableCell>{invoice.id}</TableCell>}
            <TableCell>{wide ? invoice.detail : <InvoiceSummary invoice={invoice} />}</TableCell>
            {wide && <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(invoice.value)}</TableCell>}
            {wide && <TableCell>{formatDueDate(invoice.dueDate)}</TableCell>}
            <TableCell>
              <InvoiceStatusChip invoice={invoice} />
            </TableCell>
            <TableCell align="right">
              <PayButton invoice={invoice} checkoutPath={checkoutPath(invoice.id)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
