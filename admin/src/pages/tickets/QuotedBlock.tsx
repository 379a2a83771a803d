import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QuotedMessage } from './types';

/** The quoted message inside a bubble (and above the input while replying). */
export function QuotedBlock({ quoted, contactName }: { quoted: QuotedMessage; contactName?: string }) {
  const translate = useTranslate();
  const author = quoted.fromMe ? translate('tickets.messages.you') : quoted.senderName || contactName || '';
  const text = quoted.body || translate(`tickets.messages.mediaLabels.${quoted.mediaType}`, { _: quoted.mediaType });
  return (
    <Box
      data-quoted
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'secondary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        overflow: 'hidden',
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, color: quoted.fromMe ? 'primary.main' : 'secondary.main' }}>
        {author}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'pre-wrap', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {text}
      </Typography>
    </Box>
  );
}
