import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { daysUntilDue } from '../dueDate';
import { useAccess } from '../hooks/useAccess';

const WARNING_DAYS = 5;

/** 'Sua assinatura vence em N dias' when fewer than 5 days of subscription remain. */
export function SubscriptionWarning() {
  const translate = useTranslate();
  const company = useAccess()?.me.company;
  // Counted in the company's zone, where the due day ends.
  const days = daysUntilDue(company?.dueDate, new Date(), company?.timezone);
  if (days === undefined || days < 0 || days >= WARNING_DAYS) return null;
  return (
    <Chip
      role="status"
      color="warning"
      size="small"
      icon={<WarningAmberRounded />}
      label={translate('appBar.subscriptionWarning', { smart_count: days })}
      sx={{ mx: 1, fontWeight: 500 }}
    />
  );
}
