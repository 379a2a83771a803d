import type { PlanFlag } from '../../../../../src/shared/plan-flags';

/** A plan as GET /plans/all answers it. */
export interface PlanRecord extends Record<PlanFlag, boolean> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

export type Switch = 'enabled' | 'disabled';

/** The Planos form: limits as numbers, the value as money text, each module as an enabled/disabled select. */
export type PlanFormValues = Record<PlanFlag, Switch> & {
  name: string;
  users: number | null;
  connections: number | null;
  queues: number | null;
  value: string;
};
