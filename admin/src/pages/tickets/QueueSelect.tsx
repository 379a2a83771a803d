import { Box, FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueOption } from './types';

/** A queue select with each queue's colour; `allowNone` adds 'Nenhuma' (admins may open a ticket without queue). */
export function QueueSelect({
  queues,
  value,
  onChange,
  required,
  allowNone,
  error,
  label,
}: {
  queues: QueueOption[];
  value: number | '';
  onChange(id: number | ''): void;
  required?: boolean;
  allowNone?: boolean;
  error?: string;
  label?: string;
}) {
  const translate = useTranslate();
  const text = label ?? translate('tickets.fields.queue');
  return (
    <FormControl required={required} error={Boolean(error)}>
      <InputLabel id="ticket-queue-label">{text}</InputLabel>
      <Select<number | ''>
        labelId="ticket-queue-label"
        label={text}
        value={value}
        onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      >
        {allowNone && (
          <MenuItem value="">
            <em>{translate('tickets.fields.noQueue')}</em>
          </MenuItem>
        )}
        {queues.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            <Box
              component="span"
              aria-hidden
              sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: queue.color, mr: 1.5, flexShrink: 0 }}
            />
            {queue.name}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
