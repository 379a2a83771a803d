import { Box, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * What a DataTable shows when nothing matched (catalog key) — or, when the list could not be loaded (an outage), says
 * so instead of claiming there is nothing, with a way to ask again.
 */
export function ListEmpty({ message }: { message: string }) {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  if (error)
    return (
      <Box role="alert" data-testid="list-unavailable" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
        {translate('appBar.listUnavailable')}
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => void refetch()}>
            {translate('appBar.retry')}
          </Button>
        </Box>
      </Box>
    );
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate(message)}</Box>;
}
