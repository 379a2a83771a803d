import type { ScheduleResponse, ScheduleStatus } from '../../../../src/shared/api-types';

export type { ScheduleStatus };

/** The send states, in the legend's order. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const satisfies readonly ScheduleStatus[];

/** A scheduled message as the API answers it (GET /schedules, /schedules/{id}, live events). */
export type Schedule = ScheduleResponse;

export type ScheduleContact = ScheduleResponse['contact'];

/** GET /schedules: one page (or, with from/to, a range) of schedules. */
export interface ScheduleListAnswer {
  schedules: Schedule[];
  count: number;
  hasMore: boolean;
}

/** The schedule dialog's fields; sendAt is local `yyyy-MM-ddTHH:mm` once complete, else the text being typed. */
export interface ScheduleFormValues {
  contactId: number | null;
  whatsappId: number | '';
  sendAt: string;
  body: string;
  /** On a WhatsApp Cloud API connection: the approved template sent, and the text of each of its values. */
  templateId: number | null;
  templateVariables: string[];
  /** A template whose header shows a file: its address. */
  templateHeaderMediaUrl: string | null;
}

/** The visible stretch of the calendar: schedules are requested for it. */
export interface CalendarRange {
  from: Date;
  to: Date;
}
