import { format, getDay, parse, startOfWeek, type Locale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { dateFnsLocalizer, type Formats, type Messages } from 'react-big-calendar';

/** The app's languages as date-fns locales; pt is the default. */
const LOCALES: Record<string, Locale> = { pt: ptBR, en: enUS, es };

export const calendarLocalizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: LOCALES });

/** The react-big-calendar culture of an app language. */
export const cultureOf = (language: string) => (language in LOCALES ? language : 'pt');

/** The locale's first day of the week (Sunday in pt-BR and en-US, Monday in es). */
export const weekStartOf = (language: string) => LOCALES[cultureOf(language)].options?.weekStartsOn ?? 0;

/** Dates and times read as in the rest of the app (pt-BR: dd/MM/yyyy, HH:mm); words follow the language. */
const DAY = 'dd/MM/yyyy';
const TIME = 'HH:mm';

/** A send is an instant: events show their start time only. */
const startTime: NonNullable<Formats['eventTimeRangeFormat']> = ({ start }, culture, localizer) => localizer?.format(start, TIME, culture) ?? '';

const dayRange: NonNullable<Formats['dayRangeHeaderFormat']> = ({ start, end }, culture, localizer) =>
  `${localizer?.format(start, DAY, culture)} – ${localizer?.format(end, DAY, culture)}`;

/** Headings in the app's date order with the language's words (react-big-calendar's defaults read as English). */
export const CALENDAR_FORMATS: Formats = {
  dateFormat: 'd',
  dayFormat: 'eee dd/MM',
  weekdayFormat: 'eee',
  timeGutterFormat: TIME,
  monthHeaderFormat: 'MMMM yyyy',
  dayHeaderFormat: `eeee, ${DAY}`,
  dayRangeHeaderFormat: dayRange,
  agendaHeaderFormat: dayRange,
  agendaDateFormat: `eee ${DAY}`,
  agendaTimeFormat: TIME,
  agendaTimeRangeFormat: startTime,
  eventTimeRangeFormat: startTime,
  eventTimeRangeStartFormat: startTime,
  eventTimeRangeEndFormat: startTime,
  selectRangeFormat: startTime,
};

/** The calendar's words from the catalogs. */
export function calendarMessages(translate: (key: string, options?: object) => string): Messages {
  const word = (key: string) => translate(`scheduledMessages.calendar.${key}`);
  return {
    date: word('date'),
    time: word('time'),
    event: word('event'),
    allDay: word('allDay'),
    week: word('week'),
    work_week: word('workWeek'),
    day: word('day'),
    month: word('month'),
    previous: word('previous'),
    next: word('next'),
    yesterday: word('yesterday'),
    tomorrow: word('tomorrow'),
    today: word('today'),
    agenda: word('agenda'),
    noEventsInRange: word('noEventsInRange'),
    showMore: (count) => translate('scheduledMessages.calendar.showMore', { count }),
  };
}
