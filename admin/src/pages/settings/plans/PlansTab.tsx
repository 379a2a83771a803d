import { RecordManager } from '../records/RecordManager';
import { useRecordList } from '../../../hooks/useRecordList';
import { PLAN_COLUMNS } from './planColumns';
import { NEW_PLAN, toFormValues, toPayload } from './planForm';
import { PlanInputs } from './PlanInputs';
import type { PlanFormValues, PlanRecord } from './types';

const nameOf = (plan: PlanRecord) => plan.name;

/** Planos (super users): limits, price and modules of each plan. */
export function PlansTab() {
  const plans = useRecordList<PlanRecord>('/plans/all');
  return (
    <RecordManager<PlanRecord, PlanFormValues>
      resource="plans"
      recordName="plan"
      path="/plans"
      list={plans}
      empty={NEW_PLAN}
      toFormValues={toFormValues}
      toPayload={toPayload}
      columns={PLAN_COLUMNS}
      nameOf={nameOf}
      renderInputs={() => <PlanInputs />}
    />
  );
}
