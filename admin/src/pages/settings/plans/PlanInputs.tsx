import { Box, InputAdornment } from '@mui/material';
import { maxValue, minValue, SelectInput, TextInput, type Validator } from 'react-admin';
import { PLAN_FLAGS } from '../../../../../src/shared/plan-flags';
import { WholeNumberInput } from '../../../components/WholeNumberInput';
import { mandatory, textRules } from '../resourceTab/rules';
import { MAX_MONEY, parseMoney } from './money';

const SWITCH_CHOICES = [
  { id: 'enabled', name: 'plans.switch.enabled' },
  { id: 'disabled', name: 'plans.switch.disabled' },
];

const wholeNumber: Validator = (value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? 'plans.form.wholeNumber' : undefined);
const limitRules = [mandatory, wholeNumber, minValue(0, 'validation.notNegative'), maxValue(1_000_000, 'plans.form.maxLimit')];

const moneyRule: Validator = (value: unknown) => {
  const amount = typeof value === 'string' ? parseMoney(value) : undefined;
  return amount === undefined || amount > MAX_MONEY ? 'plans.form.invalidValue' : undefined;
};

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, columnGap: 2 };
const money = { input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } } as const;

/** The Planos form's fields. */
export function PlanInputs() {
  return (
    <Box sx={grid}>
      <TextInput source="name" label="plans.form.name" validate={textRules(120)} />
      <WholeNumberInput source="users" label="plans.form.users" validate={limitRules} />
      <WholeNumberInput source="connections" label="plans.form.connections" validate={limitRules} />
      <WholeNumberInput source="queues" label="plans.form.queues" validate={limitRules} />
      <TextInput source="value" label="plans.form.value" validate={[mandatory, moneyRule]} slotProps={money} inputMode="decimal" />
      {PLAN_FLAGS.map((flag) => (
        <SelectInput key={flag} source={flag} label={`plans.form.${flag}`} choices={SWITCH_CHOICES} validate={mandatory} />
      ))}
    </Box>
  );
}
