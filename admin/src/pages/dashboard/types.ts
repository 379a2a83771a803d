import type { AttendantFigures, DashboardCounters, DashboardResponse } from '../../../../src/shared/api-types';

/** The answers of the dashboard API (times in minutes, with decimals). */

export type { DashboardCounters };
export type Attendant = AttendantFigures;

/** GET /dashboard */
export type DashboardSummary = DashboardResponse;

/** GET /dashboard/ticketsUsers */
export interface TicketsPerUser {
  data: { nome: string; quantidade: number }[];
}

/** GET /dashboard/ticketsDay: per day, or per hour when the range is one day. */
export interface TicketsPerPeriod {
  data: ({ data: string; total: number } | { horario: string; total: number })[];
  count: number;
}
