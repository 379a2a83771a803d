import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The pane while no chat is open. */
export function NoChatSelected() {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
        p: 2,
      }}
      data-no-chat
    >
      <Box
        aria-hidden
        sx={{
          width: 96,
          height: 96,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          opacity: 0.9,
        }}
      >
        <ForumOutlined sx={{ fontSize: 56 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {translate('chats.noChatSelected')}
      </Typography>
    </Paper>
  );
}
