import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { ApiInstructions } from './ApiInstructions';
import { ApiMethodCard } from './ApiMethodCard';

/** /messages-api: how to send messages from other systems with a connection's token, and forms to try it. */
export function MessagesApiPage() {
  const translate = useTranslate();
  return (
    <Box>
      <PageHeader title="messagesApi.title" />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {translate('messagesApi.subtitle')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <ApiInstructions />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {translate('messagesApi.methods')}
        </Typography>
        <ApiMethodCard kind="text" index={1} />
        <ApiMethodCard kind="media" index={2} />
      </Box>
    </Box>
  );
}
