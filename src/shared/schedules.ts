// Weekly working-hours entries shared by companies and queues.
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

export const WEEKDAY_PT: Record<WeekdayEn, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

export interface ScheduleEntry {
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function entry(weekdayEn: WeekdayEn, startTime: string, endTime: string): ScheduleEntry {
  return { weekday: WEEKDAY_PT[weekdayEn], weekdayEn, startTime, endTime };
}

/** Defaults of administration §9: weekdays 08:00-18:00, saturday 08:00-12:00, sunday closed. */
export function defaultSchedules(): ScheduleEntry[] {
  return WEEKDAYS_EN.map((day) =>
    day === 'saturday' ? entry(day, '08:00', '12:00') : day === 'sunday' ? entry(day, '00:00', '00:00') : entry(day, '08:00', '18:00'),
  );
}
