import type { Schedule, ScheduleStatus } from './types';

/** The theme palette each status is drawn in (event background and legend). */
export const STATUS_PALETTE: Record<ScheduleStatus, 'warning' | 'success' | 'error'> = {
  PENDENTE: 'warning',
  ENVIADA: 'success',
  ERRO: 'error',
};

/** A sent message is history: only pending or failed schedules may still change. */
export const isEditableStatus = (status: ScheduleStatus) => status === 'PENDENTE' || status === 'ERRO';

/** The API lets the creator or an admin change or delete a schedule; everyone else only reads it. */
export const mayManage = (schedule: Pick<Schedule, 'userId'>, userId: number | undefined, isAdmin: boolean) =>
  isAdmin || (userId !== undefined && schedule.userId !== null && schedule.userId === userId);

/** How long an event is drawn in the week and day views: a send is an instant, this keeps it readable. */
export const EVENT_MINUTES = 30;
