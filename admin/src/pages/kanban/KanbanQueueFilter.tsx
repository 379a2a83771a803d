import { Box, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { QueueOption } from '../tickets/types';

/** The value that stands for the tickets without a queue ("Sem fila"). */
export const NO_QUEUE = 0;

const ALL = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/** The board's queue filter: the company's queues and "Sem fila"; nothing chosen shows every card. */
export function KanbanQueueFilter({ value, onChange }: { value: number[]; onChange(next: number[]): void }) {
  const translate = useTranslate();
  const labelId = useId();
  const { data } = useGetList<QueueOption>('queues', ALL);
  const queues = data ?? [];
  const label = translate('tickets.fields.queue');
  const nameOf = (id: number) => (id === NO_QUEUE ? translate('tickets.fields.noQueue') : (queues.find((queue) => queue.id === id)?.name ?? ''));
  return (
    <FormControl size="small" sx={{ width: { xs: '100%', sm: 320 } }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<number[]>
        multiple
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(typeof event.target.value === 'string' ? [] : event.target.value.map(Number))}
        renderValue={(chosen) => chosen.map(nameOf).join(', ')}
        data-kanban-queue-filter
      >
        <MenuItem value={NO_QUEUE}>
          <Checkbox size="small" checked={value.includes(NO_QUEUE)} />
          <ListItemText primary={translate('tickets.fields.noQueue')} />
        </MenuItem>
        {queues.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            <Checkbox size="small" checked={value.includes(queue.id)} />
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: queue.color, mr: 1, flexShrink: 0 }} />
            <ListItemText primary={queue.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
