import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultSchedules } from '../../shared/schedules.js';
import type { Plan } from '../plans/plan.entity.js';
import { createDefaultSettings } from '../settings/default-settings.js';
import { Setting } from '../settings/setting.entity.js';
import { CAMPAIGNS_SETTING } from './campaigns-setting.js';
import { Company, type Recurrence } from './company.entity.js';

export interface NewCompany {
  name: string;
  email: string;
  phone: string | null;
  plan: Plan;
  status: boolean;
  dueDate: Date | null;
  recurrence: Recurrence;
  /** End of a self-registration trial. */
  trialExpiration?: Date | null;
  /** The stored value of the campaignsEnabled setting. */
  campaignsEnabled: string;
}

/** Persists (without flushing) a company with its default settings and working hours. Used by signup and by super users. */
export function createCompanyWithDefaults(em: EntityManager, input: NewCompany): Company {
  const { campaignsEnabled, ...fields } = input;
  const company = em.create(Company, { ...fields, schedules: defaultSchedules() });
  const settings = createDefaultSettings(em, company);
  const campaigns = settings.find((s) => s.key === CAMPAIGNS_SETTING) ?? em.create(Setting, { company, key: CAMPAIGNS_SETTING, value: campaignsEnabled });
  campaigns.value = campaignsEnabled;
  return company;
}
