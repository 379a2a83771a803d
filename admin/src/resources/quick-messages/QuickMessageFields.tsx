import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { QuickMessage } from './types';

/** The shortcode, with its general and inactive marks. */
export function QuickMessageShortcode() {
  const record = useRecordContext<QuickMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-quick-message-id={record.id}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {record.shortcode}
      </Typography>
      {record.geral && <Chip size="small" variant="outlined" color="primary" label={translate('quickMessages.geral')} />}
      {record.status === false && <Chip size="small" variant="outlined" label={translate('quickMessages.inactive')} />}
    </Box>
  );
}

/** The attachment's name, or that there is none. */
export function QuickMessageAttachmentName() {
  const record = useRecordContext<QuickMessage>();
  const translate = useTranslate();
  if (!record) return null;
  return record.mediaName ? (
    <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} title={record.mediaName}>
      {record.mediaName}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {translate('attachment.none')}
    </Typography>
  );
}
