import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from '../../../../src/shared/campaigns';
import type { SettingsDraft } from './settingsForm';

type IntervalKey = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** campaigns §9: the option lists; the longer pause comes after a number of messages, the other two are seconds. */
const INTERVALS: { key: IntervalKey; options: readonly number[]; unit: 'seconds' | 'messages' }[] = [
  { key: 'messageInterval', options: MESSAGE_INTERVAL_OPTIONS, unit: 'seconds' },
  { key: 'longerIntervalAfter', options: INTERVAL_OPTIONS, unit: 'messages' },
  { key: 'greaterInterval', options: INTERVAL_OPTIONS, unit: 'seconds' },
];

interface IntervalFieldsProps {
  draft: SettingsDraft;
  errors: Record<string, string>;
  onChange(change: Partial<SettingsDraft>): void;
}

/** The three sending intervals as selects. */
export function IntervalFields({ draft, errors, onChange }: IntervalFieldsProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      {INTERVALS.map(({ key, options, unit }) => (
        <TextField
          key={key}
          id={`campaign-setting-${key}`}
          select
          size="small"
          fullWidth
          label={translate(`campaignsConfig.intervals.${key}`)}
          value={options.includes(draft[key]) ? draft[key] : ''}
          onChange={(event) => onChange({ [key]: Number(event.target.value) })}
          error={Boolean(errors[key])}
          helperText={errors[key] ? translate(errors[key]) : translate(`campaignsConfig.intervals.${key}Help`)}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option === 0
                ? translate(`campaignsConfig.intervals.${unit === 'seconds' ? 'none' : 'notSet'}`)
                : translate(`campaignsConfig.intervals.${unit}`, { smart_count: option })}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
