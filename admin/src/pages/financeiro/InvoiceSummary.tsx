import { Box, Typography } from '@mui/material';
import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { formatDueDate } from '../../dueDate';
import { formatMoney } from './invoiceStatus';

/** A phone's one cell for Detalhes, Valor and Data Venc., stacked. */
export function InvoiceSummary({ invoice }: { invoice: InvoiceResponse }) {
  return (
    <Box data-invoice-id={invoice.id}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {invoice.detail}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {`${formatMoney(invoice.value)} · ${formatDueDate(invoice.dueDate)}`}
      </Typography>
    </Box>
  );
}
