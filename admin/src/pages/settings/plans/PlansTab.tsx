import { Divider } from '@mui/material';
import { InlineResourceForm } from '../resourceTab/InlineResourceForm';
import { ResourceTabList } from '../resourceTab/ResourceTabList';
import { useFormRecord } from '../resourceTab/useFormRecord';
import { planColumns } from './planColumns';
import { NEW_PLAN, toFormValues, toPayload } from './planForm';
import { PlanInputs } from './PlanInputs';
import type { PlanFormValues, PlanRecord } from './types';

const nameOf = (plan: PlanRecord) => plan.name;
/** Cheapest first, as the API lists plans. */
const BY_PRICE = { field: 'value', order: 'ASC' } as const;

/** Planos (super users): the `plans` resource, limits, price and modules of each plan. */
export function PlansTab() {
  const form = useFormRecord<PlanRecord>();
  return (
    <>
      <InlineResourceForm<PlanRecord, PlanFormValues>
        key={form.key}
        resource="plans"
        id={form.id}
        empty={NEW_PLAN}
        toFormValues={toFormValues}
        toPayload={toPayload}
        nameOf={nameOf}
        onDone={form.clear}
      >
        <PlanInputs />
      </InlineResourceForm>
      <Divider sx={{ mt: 3, mb: 1 }} />
      <ResourceTabList<PlanRecord> resource="plans" recordName="plan" sort={BY_PRICE} selectedId={form.id} onSelect={form.pick}>
        {planColumns}
      </ResourceTabList>
    </>
  );
}
