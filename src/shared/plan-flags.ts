// Plan module flags. A flag counts as enabled unless it is exactly false.
export const PLAN_FLAGS = ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations'] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type PlanFlags = Partial<Record<PlanFlag, boolean | null>>;

export function isPlanFlagEnabled(flags: PlanFlags | null | undefined, flag: PlanFlag): boolean {
  return flags?.[flag] !== false;
}

/** Every module off (a billing-only session). */
export const NO_PLAN_FLAGS: PlanFlags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false]));
