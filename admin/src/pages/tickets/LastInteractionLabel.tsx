import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { lastInteraction } from './timeLabels';

const COLORS = { green: 'success.main', orange: 'warning.main', red: 'error.main' } as const;

/** 'há N min/h/dias' coloured by age (core §4); `now` ticks every 30 s in the list. */
export function LastInteractionLabel({ updatedAt, now }: { updatedAt: string; now: Date }) {
  const translate = useTranslate();
  const label = lastInteraction(updatedAt, now);
  if (!label) return null;
  return (
    <Typography component="span" variant="caption" data-tone={label.tone} sx={{ color: COLORS[label.tone], fontWeight: 500, whiteSpace: 'nowrap' }}>
      {translate(`tickets.lastInteraction.${label.unit}`, { smart_count: label.count })}
    </Typography>
  );
}
