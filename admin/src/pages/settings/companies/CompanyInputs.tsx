import { Box, Typography } from '@mui/material';
import { maxLength, ReferenceInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { DayInput } from '../../../components/DayInput';
import { emailFieldRules, mandatory, phoneRules, textRules } from '../resourceTab/rules';
import type { CompanyFormValues, Recurrence } from './types';

const STATUS_CHOICES = [
  { id: 'true', name: 'companies.status.true' },
  { id: 'false', name: 'companies.status.false' },
];
const CAMPAIGN_CHOICES = [
  { id: 'enabled', name: 'companies.campaigns.enabled' },
  { id: 'disabled', name: 'companies.campaigns.disabled' },
];
/** Only MENSAL is offered (administration §9); a company saved with another keeps seeing its own. */
const recurrenceChoices = (current: Recurrence | undefined) =>
  [...new Set<Recurrence>(['MENSAL', ...(current ? [current] : [])])].map((id) => ({ id, name: `companies.recurrences.${id}` }));

/** Every plan is offered: the API answers at most 500 a page. */
const ALL_PLANS = 500;
const BY_NAME = { field: 'name', order: 'ASC' } as const;

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, columnGap: 2 };

/** The Empresas form's fields; the plans come from the `plans` resource. */
export function CompanyInputs() {
  // The form's record: the loaded company's values, or a new one's.
  const values = useRecordContext<CompanyFormValues>();
  return (
    <Box sx={grid}>
      <TextInput source="name" label="companies.form.name" validate={textRules(120, 2)} />
      <TextInput source="email" type="email" label="companies.form.email" validate={emailFieldRules} autoComplete="off" />
      <TextInput source="phone" type="tel" label="companies.form.phone" validate={phoneRules} autoComplete="off" />
      <ReferenceInput source="planId" reference="plans" sort={BY_NAME} perPage={ALL_PLANS}>
        <SelectInput label="companies.form.plan" optionText="name" validate={mandatory} />
      </ReferenceInput>
      <SelectInput source="status" label="companies.form.status" choices={STATUS_CHOICES} validate={mandatory} />
      <SelectInput source="campaignsEnabled" label="companies.form.campaignsEnabled" choices={CAMPAIGN_CHOICES} validate={mandatory} />
      <DayInput source="dueDate" label="companies.form.dueDate" />
      <SelectInput source="recurrence" label="companies.form.recurrence" choices={recurrenceChoices(values?.recurrence)} validate={mandatory} />
      <BillingInputs />
    </Box>
  );
}

/** The billing data the checkout's 'Dados' step keeps, for the super user to correct. */
function BillingInputs() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1', mt: 1, mb: 0.5 }}>
        {translate('billing.fields.title')}
      </Typography>
      <TextInput source="billingName" label="billing.fields.billingName" validate={maxLength(200)} autoComplete="off" />
      <TextInput source="addressStreet" label="billing.fields.addressStreet" validate={maxLength(200)} autoComplete="off" />
      <TextInput source="addressDistrict" label="billing.fields.addressDistrict" validate={maxLength(100)} autoComplete="off" />
      <TextInput source="addressCity" label="billing.fields.addressCity" validate={maxLength(100)} autoComplete="off" />
      <TextInput source="addressState" label="billing.fields.addressState" validate={maxLength(100)} autoComplete="off" />
      <TextInput source="addressZipCode" label="billing.fields.addressZipCode" validate={maxLength(20)} autoComplete="off" />
    </>
  );
}
