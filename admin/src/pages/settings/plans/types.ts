import type { PlanSummary } from '../../../../../src/shared/api-types';
import type { PlanFlag } from '../../../../../src/shared/plan-flags';

/** A plan as GET /plans/all answers it. */
export type PlanRecord = PlanSummary;

export type Switch = 'enabled' | 'disabled';

/** The Planos form: limits as numbers, the value as money text, each module as an enabled/disabled select. */
export type PlanFormValues = Record<PlanFlag, Switch> & {
  name: string;
  users: number | null;
  connections: number | null;
  queues: number | null;
  value: string;
};
