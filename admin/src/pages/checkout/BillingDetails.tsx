import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CompanyBilling } from '../../../../src/shared/api-types';

/** The company's billing data as an address block: who is billed, shown with the invoice being paid. */
export function BillingDetails({ billing }: { billing: Partial<CompanyBilling> }) {
  const translate = useTranslate();
  const place = [billing.addressDistrict, [billing.addressCity, billing.addressState].filter(Boolean).join(' - ')].filter(Boolean).join(', ');
  const lines = [
    billing.billingName,
    billing.addressStreet,
    place,
    billing.addressZipCode && `${translate('billing.fields.addressZipCode')} ${billing.addressZipCode}`,
  ];
  const shown = lines.filter(Boolean);
  return (
    <Box data-testid="billing-details">
      <Typography variant="body2" color="text.secondary">
        {translate('billing.fields.title')}
      </Typography>
      {shown.length ? (
        shown.map((line) => (
          <Typography key={line as string} variant="body2" sx={{ fontWeight: 500 }}>
            {line}
          </Typography>
        ))
      ) : (
        <Typography variant="body2">{translate('billing.none')}</Typography>
      )}
    </Box>
  );
}
