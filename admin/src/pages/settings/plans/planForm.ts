import { PLAN_FLAGS, type PlanFlag } from '../../../../../src/shared/plan-flags';
import { formatMoney, parseMoney } from './money';
import type { PlanFormValues, PlanRecord, Switch } from './types';

const flags = (value: (flag: PlanFlag) => Switch) => Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, value(flag)])) as Record<PlanFlag, Switch>;

/** A new plan: every module enabled, as the API's defaults. */
export const NEW_PLAN: PlanFormValues = {
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  value: '0,00',
  ...flags(() => 'enabled'),
};

export function toFormValues(plan: PlanRecord): PlanFormValues {
  return {
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: formatMoney(plan.value),
    // A flag counts as enabled unless it is exactly false.
    ...flags((flag) => (plan[flag] === false ? 'disabled' : 'enabled')),
  };
}

/** The POST/PUT /plans body. */
export function toPayload(values: PlanFormValues) {
  return {
    name: values.name.trim(),
    users: values.users,
    connections: values.connections,
    queues: values.queues,
    value: parseMoney(values.value) ?? values.value,
    ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, values[flag] === 'enabled'])),
  };
}
