import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditLogResponse } from '../../../../src/shared/audit-api-types';
import { changeLines } from './auditChanges';

/** The changed fields of an entry, one per line; long values wrap rather than widen the table. */
export function AuditChanges() {
  const entry = useRecordContext<AuditLogResponse>();
  if (!entry) return null;
  const lines = changeLines(entry);
  if (!lines.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 480 }}>
      {lines.map((line) => (
        <Typography key={line.field} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }} data-field={line.field}>
          <strong>{line.field}</strong>: {line.from !== null && <span>{line.from}</span>}
          {line.from !== null && line.to !== null && ' → '}
          {line.to !== null && <span>{line.to}</span>}
        </Typography>
      ))}
    </Box>
  );
}
