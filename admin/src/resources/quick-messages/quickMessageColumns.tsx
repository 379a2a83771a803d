import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Column } from '../../components/ResourceTable';
import type { QuickMessage } from './types';

function Shortcode({ record }: { record: QuickMessage }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {record.shortcode}
      </Typography>
      {record.geral && <Chip size="small" variant="outlined" color="primary" label={translate('quickMessages.geral')} />}
      {record.status === false && <Chip size="small" variant="outlined" label={translate('quickMessages.inactive')} />}
    </Box>
  );
}

function AttachmentName({ record }: { record: QuickMessage }) {
  const translate = useTranslate();
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

/** The quick-messages table: the shortcode (with its general and inactive marks) and the attachment's name. */
export const QUICK_MESSAGE_COLUMNS: Column<QuickMessage>[] = [
  { source: 'shortcode', render: (record) => <Shortcode record={record} /> },
  { source: 'mediaName', render: (record) => <AttachmentName record={record} /> },
];
