import type { PlanResponse, PlanSummary } from '../../shared/api-types.js';
import type { Plan } from './plan.entity.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { PlanResponse, PlanSummary };

export function toPlanSummary(plan: Plan): PlanSummary {
  const { id, name, users, connections, queues, value } = plan;
  return {
    id,
    name,
    users,
    connections,
    queues,
    value: Number(value),
    useCampaigns: plan.useCampaigns,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
  };
}

export function toPlanResponse(plan: Plan): PlanResponse {
  return { ...toPlanSummary(plan), createdAt: plan.createdAt.toISOString(), updatedAt: plan.updatedAt.toISOString() };
}
