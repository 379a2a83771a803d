import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { InvoiceResponse } from '../../../../src/shared/billing-api-types';

/** The row's action: PAGAR opens the invoice's checkout route; a paid invoice shows PAGO, disabled. */
export function PayButton({ invoice, checkoutPath }: { invoice: InvoiceResponse; checkoutPath: string }) {
  const translate = useTranslate();
  if (invoice.status === 'paid') {
    return (
      <Button size="small" variant="outlined" disabled>
        {translate('invoices.paid')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      variant="contained"
      component={Link}
      to={checkoutPath}
      aria-label={translate('invoices.payInvoice', { id: invoice.id })}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('invoices.pay')}
    </Button>
  );
}
