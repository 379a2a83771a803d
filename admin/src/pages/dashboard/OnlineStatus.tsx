import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A green dot for an attendant signed in now, a grey one otherwise, with the word. */
export function OnlineStatus({ online }: { online: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-online={online}>
      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', flex: 'none', bgcolor: online ? 'success.main' : 'grey.400' }} />
      {translate(online ? 'dashboard.attendants.online' : 'dashboard.attendants.offline')}
    </Box>
  );
}
