import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { CHECKOUT_RULES, COUNTRY_CHOICES } from './checkoutForm';

/** Step 0 'Dados': the billing data, with the spec's required-field texts. */
export function BillingDataStep() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="firstName" label="checkout.fields.firstName" validate={CHECKOUT_RULES.firstName} autoComplete="name" autoFocus />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="address2" label="checkout.fields.address" validate={CHECKOUT_RULES.address2} autoComplete="street-address" />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="district" label="billing.fields.addressDistrict" autoComplete="address-level3" />
      </Box>
      <TextInput source="city" label="checkout.fields.city" validate={CHECKOUT_RULES.city} autoComplete="address-level2" />
      <TextInput source="state" label="checkout.fields.state" autoComplete="address-level1" />
      <TextInput source="zipcode" label="checkout.fields.zipcode" validate={CHECKOUT_RULES.zipcode} autoComplete="postal-code" />
      <SelectInput source="country" label="checkout.fields.country" choices={COUNTRY_CHOICES} validate={CHECKOUT_RULES.country} emptyText="" />
    </Box>
  );
}
