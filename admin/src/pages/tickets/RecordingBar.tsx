import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import { Box, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** While recording: cancel, elapsed time, send. */
export function RecordingBar({ seconds, busy, onCancel, onSend }: { seconds: number; busy: boolean; onCancel(): void; onSend(): void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, justifyContent: 'flex-end' }} data-recording>
      <IconButton color="error" aria-label={translate('tickets.input.cancelRecording')} onClick={onCancel} disabled={busy}>
        <HighlightOffOutlined />
      </IconButton>
      <Box
        component="span"
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: 'error.main',
          animation: 'pulse 1s infinite',
          '@keyframes pulse': { '50%': { opacity: 0.3 } },
        }}
      />
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44 }}>
        {clock(seconds)}
      </Typography>
      <IconButton color="success" aria-label={translate('tickets.input.sendRecording')} onClick={onSend} disabled={busy}>
        <CheckCircleOutlined />
      </IconButton>
    </Box>
  );
}
