import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ApiError } from '../../providers/httpClient';
import { useAppDataProvider } from '../../providers/dataProvider';

/**
 * "Testar conexão" of a saved Cloud API connection: reads its number from Meta with the stored credentials and shows
 * the number and verified name, or why Meta refused (an expired token...). What is tested is what was saved.
 */
export function CloudConnectionTest({ connectionId }: { connectionId: number }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { mutate, isPending, data, error, reset } = useMutation({ mutationFn: () => dataProvider.testCloudConnection(connectionId) });
  const reason = error instanceof ApiError ? translate(error.message, error.messageArgs) : translate('errors.generic');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        size="small"
        disabled={isPending}
        startIcon={isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
        onClick={() => {
          reset();
          mutate();
        }}
        data-testid="cloud-test"
      >
        {translate('connections.form.cloud.test')}
      </Button>
      {data && (
        <Alert severity="success" sx={{ py: 0 }} data-testid="cloud-test-result">
          {translate('connections.form.cloud.testOk', { number: data.displayPhoneNumber, name: data.verifiedName || '—' })}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ py: 0 }} data-testid="cloud-test-result">
          {translate('connections.form.cloud.testFailed', { reason })}
        </Alert>
      )}
    </Box>
  );
}
