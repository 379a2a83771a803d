import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { Alert, Box, Card, CardContent, CardHeader, LinearProgress, Link as MuiLink, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link, useMatch, useNavigate } from 'react-router-dom';
import type { SubscriptionSummaryResponse } from '../../../../src/shared/billing-api-types';
import { PageHeader } from '../../components/PageHeader';
import { formatDueDate } from '../../dueDate';
import { BillingDetails } from '../checkout/BillingDetails';
import { useAppDataProvider } from '../../providers/dataProvider';
import { AppBilling, SESSION_SCOPE } from '../checkout/AppBilling';
import { CheckoutDialog } from '../checkout/CheckoutDialog';
import { PlanCard } from '../checkout/PlanCard';
import { checkoutPath, FINANCEIRO_PATH } from '../financeiro/InvoiceList';
import { InvoiceTable } from '../financeiro/InvoiceTable';

const SUBSCRIPTION_PATH = '/subscription';

/** The trial's days left (campaigns-and-content §Subscription page), or that it ended. */
function TrialNotice({ company }: { company: SubscriptionSummaryResponse['company'] }) {
  const translate = useTranslate();
  if (company.trialDaysRemaining === null || !company.trialExpiration) return null;
  return company.trialDaysRemaining > 0 ? (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {translate('subscription.trialRemaining', { smart_count: company.trialDaysRemaining, date: formatDueDate(company.trialExpiration) })}
    </Alert>
  ) : (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {translate('subscription.trialEnded', { date: formatDueDate(company.trialExpiration) })}
    </Alert>
  );
}

function DueDateCard({ company }: { company: SubscriptionSummaryResponse['company'] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={translate('subscription.nextDueDate')} slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <EventAvailableOutlined color="primary" />
          <Typography variant="h5" component="p" data-testid="subscription-due-date">
            {company.dueDate ? formatDueDate(company.dueDate) : translate('subscription.noDueDate')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('subscription.recurrence', { recurrence: translate(`companies.recurrences.${company.recurrence}`) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {company.name}
        </Typography>
        <Box sx={{ mt: 1.5 }}>
          <BillingDetails billing={company.billing} />
        </Box>
      </CardContent>
    </Card>
  );
}

function SubscriptionSummary() {
  const translate = useTranslate();
  const methods = useAppDataProvider();
  const summary = useQuery({ queryKey: [SESSION_SCOPE, 'subscription'], queryFn: async () => (await methods.getSubscription()).data });
  if (summary.error) return <Alert severity="error">{translate(summary.error.message, { _: translate('errors.generic') })}</Alert>;
  if (!summary.data) return <LinearProgress aria-busy="true" />;
  const { company, plan, invoices } = summary.data;
  return (
    <>
      <TrialNotice company={company} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <Card variant="outlined">
          <CardHeader title={translate('subscription.plan')} slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }} />
          <CardContent sx={{ pt: 0 }}>
            {plan ? <PlanCard plan={plan} /> : <Typography color="text.secondary">{translate('checkout.plan.none')}</Typography>}
          </CardContent>
        </Card>
        <DueDateCard company={company} />
      </Box>
      <Card variant="outlined">
        <CardHeader
          title={translate('subscription.latestInvoices')}
          slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
          action={
            <MuiLink component={Link} to={FINANCEIRO_PATH} variant="body2" sx={{ display: 'inline-block', mt: 1, mr: 1 }}>
              {translate('subscription.allInvoices')}
            </MuiLink>
          }
        />
        <Box sx={{ overflowX: 'auto' }}>
          {invoices.length ? (
            <InvoiceTable invoices={invoices} checkoutPath={(id) => checkoutPath(SUBSCRIPTION_PATH, id)} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {translate('invoices.empty')}
            </Typography>
          )}
        </Box>
      </Card>
    </>
  );
}

/** /subscription: trial days left, the plan, the next due date and the latest invoices with PAGAR (checkout on /subscription/{id}/checkout). */
export function SubscriptionPage() {
  const navigate = useNavigate();
  const checkout = useMatch(`${SUBSCRIPTION_PATH}/:invoiceId/checkout`);
  const invoiceId = Number(checkout?.params.invoiceId);
  return (
    <AppBilling>
      <PageHeader title="subscription.title" />
      <SubscriptionSummary />
      {Number.isInteger(invoiceId) && <CheckoutDialog invoiceId={invoiceId} onClose={() => navigate(SUBSCRIPTION_PATH)} />}
    </AppBilling>
  );
}
