import { alpha, type SxProps, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, InfiniteList, useRecordContext } from 'react-admin';
import { useMatch, useNavigate } from 'react-router-dom';
import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { formatDueDate } from '../../dueDate';
import { useLiveResource } from '../../realtime/useLiveResource';
import { AppBilling } from '../checkout/AppBilling';
import { CheckoutDialog } from '../checkout/CheckoutDialog';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { InvoiceSummary } from './InvoiceSummary';
import { formatMoney, invoiceDisplayStatus } from './invoiceStatus';
import { PayButton } from './PayButton';

const PAGE_SIZE = 20;
export const FINANCEIRO_PATH = '/financeiro';
export const checkoutPath = (base: string, invoiceId: number) => `${base}/${invoiceId}/checkout`;

/** Overdue unpaid rows are tinted (administration §4). */
const OVERDUE_SX: SxProps<Theme> = { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) };
const rowSx = (invoice: InvoiceResponse) => (invoiceDisplayStatus(invoice) === 'overdue' ? OVERDUE_SX : {}) as SxProps;

function Money() {
  const invoice = useRecordContext<InvoiceResponse>();
  return invoice ? <span>{formatMoney(invoice.value)}</span> : null;
}

function DueDate() {
  const invoice = useRecordContext<InvoiceResponse>();
  return invoice ? <span>{formatDueDate(invoice.dueDate)}</span> : null;
}

function Detail() {
  const invoice = useRecordContext<InvoiceResponse>();
  if (!invoice) return null;
  return (
    <Typography component="span" variant="body2" data-invoice-id={invoice.id}>
      {invoice.detail}
    </Typography>
  );
}

function Summary() {
  const invoice = useRecordContext<InvoiceResponse>();
  return invoice ? <InvoiceSummary invoice={invoice} /> : null;
}

function Status() {
  const invoice = useRecordContext<InvoiceResponse>();
  return invoice ? <InvoiceStatusChip invoice={invoice} /> : null;
}

function Action() {
  const invoice = useRecordContext<InvoiceResponse>();
  return invoice ? <PayButton invoice={invoice} checkoutPath={checkoutPath(FINANCEIRO_PATH, invoice.id)} /> : null;
}

/**
 * /financeiro 'Faturas' (administration §Invoices): react-admin's infinite list of the company's invoices, newest due
 * date first, live through the invoice and payment topics; PAGAR opens the checkout on /financeiro/{id}/checkout.
 */
export function InvoiceList() {
  // Phones stack detail, value and due date in one cell, so that the status and PAGAR keep their room.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const navigate = useNavigate();
  const checkout = useMatch(`${FINANCEIRO_PATH}/:invoiceId/checkout`);
  const invoiceId = Number(checkout?.params.invoiceId);
  useLiveResource('financeiro', 'invoice');
  useLiveResource('financeiro', 'payment');
  return (
    <AppBilling>
      <PageHeader title="invoices.title" />
      <InfiniteList
        resource="financeiro"
        title="invoices.title"
        sort={{ field: 'dueDate', order: 'DESC' }}
        perPage={PAGE_SIZE}
        disableSyncWithLocation
        actions={false}
        empty={false}
      >
        <DataTable<InvoiceResponse> rowClick={false} bulkActionButtons={false} rowSx={rowSx} empty={<ListEmpty message="invoices.empty" />}>
          {wide && <DataTable.Col source="id" label="invoices.columns.id" disableSort />}
          {wide && <DataTable.Col source="detail" label="invoices.columns.detail" disableSort render={() => <Detail />} />}
          {wide && <DataTable.Col source="value" label="invoices.columns.value" disableSort render={() => <Money />} />}
          {wide && <DataTable.Col source="dueDate" label="invoices.columns.dueDate" render={() => <DueDate />} />}
          {!wide && <DataTable.Col source="detail" label="invoices.columns.detail" disableSort render={() => <Summary />} />}
          <DataTable.Col label="invoices.columns.status" disableSort render={() => <Status />} />
          <DataTable.Col label="invoices.columns.action" align="right" render={() => <Action />} />
        </DataTable>
      </InfiniteList>
      {Number.isInteger(invoiceId) && <CheckoutDialog invoiceId={invoiceId} onClose={() => navigate(FINANCEIRO_PATH)} />}
    </AppBilling>
  );
}
