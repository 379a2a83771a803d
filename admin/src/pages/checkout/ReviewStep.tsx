import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { InvoiceResponse, PlanCardResponse } from '../../../../src/shared/billing-api-types';
import { formatDueDate } from '../../dueDate';
import { formatMoney } from '../financeiro/invoiceStatus';
import { BillingDetails } from './BillingDetails';
import type { CheckoutValues } from './checkoutForm';

function Line({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Step 2 'Revisar': the subscription summary; the total is the invoice's value. */
export function ReviewStep({ invoice, plan }: { invoice: InvoiceResponse; plan: PlanCardResponse | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 420, mx: 'auto' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('checkout.review.title')}
      </Typography>
      {plan && (
        <>
          <Line label="checkout.review.plan">{plan.name}</Line>
          <Line label="checkout.review.users">{plan.users}</Line>
          <Line label="checkout.review.connections">{plan.connections}</Line>
          <Line label="checkout.review.queues">{plan.queues}</Line>
        </>
      )}
      <Line label="checkout.review.invoice">{`#${invoice.id} · ${invoice.detail}`}</Line>
      <Line label="checkout.review.dueDate">{formatDueDate(invoice.dueDate)}</Line>
      <Divider sx={{ my: 1 }} />
      <BilledTo />
      <Divider sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('checkout.review.total')}
        </Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="checkout-total">
          {formatMoney(invoice.value)}
        </Typography>
      </Box>
    </Box>
  );
}

/** Step 0's data as the invoice will carry it (the order keeps it on the company). */
function BilledTo() {
  const values = useWatch<CheckoutValues>();
  return (
    <BillingDetails
      billing={{
        billingName: values.firstName?.trim(),
        addressStreet: values.address2?.trim(),
        addressDistrict: values.district?.trim(),
        addressCity: values.city?.trim(),
        addressState: values.state?.trim(),
        addressZipCode: values.zipcode?.trim(),
      }}
    />
  );
}
