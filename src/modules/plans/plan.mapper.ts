import { type PlanSummary, toPlanSummary } from '../auth/session.mapper.js';
import type { Plan } from './plan.entity.js';

export type PlanResponse = PlanSummary & { createdAt: string; updatedAt: string };

export function toPlanResponse(plan: Plan): PlanResponse {
  return { ...toPlanSummary(plan), createdAt: plan.createdAt.toISOString(), updatedAt: plan.updatedAt.toISOString() };
}
