import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { DayInput } from '../../../components/DayInput';
import { emailFieldRules, mandatory, phoneRules, textRules } from '../records/rules';
import type { Company, Recurrence } from './types';

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

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, columnGap: 2 };

interface CompanyInputsProps {
  editing: Company | undefined;
  plans: { id: number; name: string }[];
}

/** The Empresas form's fields. */
export function CompanyInputs({ editing, plans }: CompanyInputsProps) {
  return (
    <Box sx={grid}>
      <TextInput source="name" label="companies.form.name" validate={textRules(120, 2)} />
      <TextInput source="email" type="email" label="companies.form.email" validate={emailFieldRules} autoComplete="off" />
      <TextInput source="phone" type="tel" label="companies.form.phone" validate={phoneRules} autoComplete="off" />
      <SelectInput source="planId" label="companies.form.plan" choices={plans} translateChoice={false} validate={mandatory} />
      <SelectInput source="status" label="companies.form.status" choices={STATUS_CHOICES} validate={mandatory} />
      <SelectInput source="campaignsEnabled" label="companies.form.campaignsEnabled" choices={CAMPAIGN_CHOICES} validate={mandatory} />
      <DayInput source="dueDate" label="companies.form.dueDate" />
      <SelectInput source="recurrence" label="companies.form.recurrence" choices={recurrenceChoices(editing?.recurrence)} validate={mandatory} />
    </Box>
  );
}
