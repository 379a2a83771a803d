import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAccess } from '../../hooks/useAccess';

/** Where the account owner checks and buys credit of the default provider. */
const BILLING_URL = 'https://platform.openai.com/settings/organization/billing/overview';

/** The prompts page's reminder that answers spend the AI provider's credit, for plans with the AI module. */
export function AiCreditBanner() {
  const translate = useTranslate();
  if (!useAccess()?.plan('useOpenAi')) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" endIcon={<OpenInNew />} href={BILLING_URL} target="_blank" rel="noopener noreferrer" sx={{ whiteSpace: 'nowrap' }}>
          {translate('prompts.banner.action')}
        </Button>
      }
    >
      <AlertTitle>{translate('prompts.banner.title')}</AlertTitle>
      {translate('prompts.banner.message')}
    </Alert>
  );
}
