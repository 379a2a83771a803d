import { Box, Typography } from '@mui/material';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { type ScheduleEntry, TIME_PATTERN, WEEKDAY_PT, WEEKDAYS_EN } from '../../../src/shared/schedules';

/** Keeps the digits of what was typed and shapes them as ##:## (administration §5: a four-digit mask). */
export function maskTime(value: string): string {
  const digits = (value ?? '').replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** HH:MM, or empty. */
const timeRule: Validator = (value: unknown) => (typeof value === 'string' && value !== '' && !TIME_PATTERN.test(value) ? 'schedules.invalidTime' : undefined);

/** Seven entries, monday to sunday, from whatever the server holds (missing days are empty). */
export function weekOf(schedules: Partial<ScheduleEntry>[] | null | undefined): ScheduleEntry[] {
  return WEEKDAYS_EN.map((weekdayEn) => {
    const known = (schedules ?? []).find((entry) => entry.weekdayEn === weekdayEn);
    return {
      weekday: WEEKDAY_PT[weekdayEn],
      weekdayEn,
      startTime: known?.startTime ?? '',
      endTime: known?.endTime ?? '',
    };
  });
}

interface WeeklyScheduleInputsProps {
  /** The form field holding the seven entries. */
  source?: string;
  /** Runs when a time is edited. */
  onEdit?(): void;
}

/** The weekly working-hours rows of a react-admin form: the weekday's name, a start and an end time (##:##). */
export function WeeklyScheduleInputs({ source = 'schedules', onEdit }: WeeklyScheduleInputsProps) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate('schedules.title')}>
      {WEEKDAYS_EN.map((weekdayEn, index) => (
        <Box
          key={weekdayEn}
          data-weekday={weekdayEn}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' }, gap: 2, alignItems: 'start' }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, pt: { sm: 2 } }}>
            <Typography component="span" variant="body1">
              {WEEKDAY_PT[weekdayEn]}
            </Typography>
          </Box>
          {(['startTime', 'endTime'] as const).map((field) => (
            <TextInput
              key={field}
              source={`${source}.${index}.${field}`}
              label={`schedules.${field}`}
              placeholder="00:00"
              parse={(value: string) => maskTime(value)}
              format={(value: string | null | undefined) => value ?? ''}
              validate={timeRule}
              onChange={() => onEdit?.()}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'off' } }}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
