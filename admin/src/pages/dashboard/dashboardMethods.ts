import { api } from '../../providers/httpClient';
import type { DashboardSummary, TicketsPerPeriod, TicketsPerUser } from './types';

/** The dashboard's reports, as custom methods of the dataProvider. */
export const dashboardMethods = {
  getDashboardSummary: (query: { days: number } | { date_from: string; date_to: string }) => api.get<DashboardSummary>('/dashboard', query),
  getTicketsPerUser: (series: { initialDate: string; finalDate: string }) => api.get<TicketsPerUser>('/dashboard/ticketsUsers', series),
  getTicketsPerPeriod: (series: { initialDate: string; finalDate: string }) => api.get<TicketsPerPeriod>('/dashboard/ticketsDay', series),
};
