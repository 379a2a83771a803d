import WhatsApp from '@mui/icons-material/WhatsApp';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The logo placeholder shown while no ticket is open. */
export function NoTicketSelected() {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, bgcolor: 'background.default' }}
      data-no-ticket
    >
      <Box
        aria-hidden
        sx={{
          width: 120,
          height: 120,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          opacity: 0.9,
        }}
      >
        <WhatsApp sx={{ fontSize: 72 }} />
      </Box>
      <Typography variant="h5" sx={{ fontWeight: 500 }}>
        {translate('app.name')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tickets.noTicketSelected')}
      </Typography>
    </Paper>
  );
}
