/** The send states of a scheduled message. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export interface ScheduleContact {
  id: number;
  name: string;
  number: string;
}

/** A scheduled message as the API answers it (GET /schedules, /schedules/{id}, live events). */
export interface Schedule {
  id: number;
  body: string;
  /** ISO-8601. */
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  error: string | null;
  contactId: number;
  contact: ScheduleContact;
  /** Null: the company's default connection at send time. */
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  /** Who scheduled it; null once that user is gone. */
  userId: number | null;
  user: { id: number; name: string } | null;
  ticketId: number | null;
  createdAt: string;
  updatedAt: string;
}

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
}

/** The visible stretch of the calendar: schedules are requested for it. */
export interface CalendarRange {
  from: Date;
  to: Date;
}
