import { Box, FormControl, FormHelperText, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConnectionOption } from './types';

/** A required connection select whose options show their status; CONNECTED reads as online. */
export function ConnectionSelect({
  connections,
  value,
  onChange,
  error,
}: {
  connections: ConnectionOption[];
  value: number | '';
  onChange(id: number): void;
  error?: string;
}) {
  const translate = useTranslate();
  const label = translate('tickets.fields.connection');
  return (
    <FormControl required error={Boolean(error)}>
      <InputLabel id="ticket-connection-label">{label}</InputLabel>
      <Select<number | ''>
        labelId="ticket-connection-label"
        label={label}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        renderValue={(selected) => connections.find((connection) => connection.id === selected)?.name ?? ''}
      >
        {connections.map((connection) => (
          <MenuItem key={connection.id} value={connection.id} data-status={connection.status}>
            <ConnectionStatusDot status={connection.status} />
            <Box sx={{ flex: 1 }}>{connection.name}</Box>
            <Typography
              variant="caption"
              sx={{
                ml: 2,
                color: connection.status === 'CONNECTED' ? 'success.main' : 'text.secondary',
                fontWeight: connection.status === 'CONNECTED' ? 600 : 400,
              }}
            >
              {translate(`connections.statuses.${connection.status}`, { _: connection.status })}
            </Typography>
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function ConnectionStatusDot({ status }: { status: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 10, height: 10, borderRadius: '50%', mr: 1.5, flexShrink: 0, bgcolor: status === 'CONNECTED' ? 'success.main' : 'grey.400' }}
    />
  );
}
