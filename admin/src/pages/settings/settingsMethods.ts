import { api } from '../../providers/httpClient';
import type { ScheduleEntry } from '../../../../src/shared/schedules';
import type { Setting } from './types';

/** The company's settings (key → value) and business hours, as custom methods of the dataProvider. */
export const settingsMethods = {
  getSettings: () => api.get<Setting[]>('/settings'),
  saveSetting: (key: string, value: string) => api.put<Setting>(`/settings/${key}`, { key, value }),
  saveCompanySchedules: (companyId: number, schedules: ScheduleEntry[]) =>
    api.put<{ schedules?: ScheduleEntry[] | null }>(`/companies/${companyId}/schedules`, { id: companyId, schedules }),
};
