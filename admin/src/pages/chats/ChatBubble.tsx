import { alpha, Box, Typography } from '@mui/material';
import { clockTime } from '../tickets/timeLabels';
import type { ChatMessage } from './types';

/** One message: mine on the right; others on the left under the sender's name. */
export function ChatBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.25 }} data-chat-message={message.id} data-mine={mine}>
      <Box
        sx={(theme) => ({
          maxWidth: { xs: '85%', md: '70%' },
          minWidth: 96,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          borderTopRightRadius: mine ? 2 : undefined,
          borderTopLeftRadius: mine ? undefined : 2,
          boxShadow: '0 1px 1px rgba(0,0,0,0.12)',
          bgcolor: mine ? (theme.palette.mode === 'dark' ? alpha(theme.palette.primary.main, 0.28) : '#dcf8c6') : 'background.paper',
        })}
      >
        {!mine && (
          <Typography variant="caption" component="div" sx={{ fontWeight: 600, color: 'secondary.main' }} data-sender>
            {message.sender?.name}
          </Typography>
        )}
        <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-text>
          {message.message}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary" sx={{ textAlign: 'right', mt: 0.25 }}>
          {clockTime(message.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}
