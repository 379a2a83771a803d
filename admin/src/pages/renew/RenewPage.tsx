import WhatsApp from '@mui/icons-material/WhatsApp';
import { Alert, Avatar, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Navigate, useMatch, useNavigate } from 'react-router-dom';
import { formatDueDate } from '../../dueDate';
import { ApiError } from '../../providers/httpClient';
import type { InvoiceListResponse, InvoiceResponse } from '../../../../src/shared/billing-api-types';
import { type BillingMethods, billingMethods, billingOnlyClient } from '../../providers/billingMethods';
import { type Billing, BillingProvider } from '../checkout/BillingContext';
import { CheckoutDialog } from '../checkout/CheckoutDialog';
import { checkoutPath } from '../financeiro/InvoiceList';
import { InvoiceTable } from '../financeiro/InvoiceTable';
import { type BillingSession, billingSession, RENEW_PATH } from './billingSession';
import { useBillingSocket } from './useBillingSocket';

const SCOPE = 'renew';

const unpaid = (invoice: InvoiceResponse) => invoice.status !== 'paid';

/**
 * The first page of invoices, with something to pay: an expired company always owes its current due date, so when no
 * unpaid invoice is listed (the daily run has not issued it yet) it is issued now and the page read again.
 */
async function payableInvoices(methods: BillingMethods): Promise<InvoiceListResponse> {
  const first = (await methods.getInvoicesPage(1)).data;
  if (first.invoices.some(unpaid)) return first;
  const { invoice } = (await methods.issueInvoice()).data;
  return invoice ? (await methods.getInvoicesPage(1)).data : first;
}

/**
 * /renew (no shell): an expired company's admin pays an open invoice with the billing-only token the login answered
 * with; the same checkout and Pix screen, the payment event on that token's socket; then back to the login.
 */
export function RenewPage() {
  const session = useMemo(() => billingSession.read(), []);
  return session ? <Renewal session={session} /> : <Navigate to="/login" replace />;
}

function Renewal({ session }: { session: BillingSession }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const methods = useMemo(() => billingMethods(billingOnlyClient(session.token)), [session.token]);
  const socket = useBillingSocket(session.token);
  const summary = useQuery({ queryKey: [SCOPE, 'subscription'], queryFn: async () => (await methods.getSubscription()).data, retry: false });
  const invoices = useQuery({ queryKey: [SCOPE, 'invoices'], queryFn: () => payableInvoices(methods), retry: false });
  const checkout = useMatch(`${RENEW_PATH}/:invoiceId/checkout`);
  const invoiceId = Number(checkout?.params.invoiceId);
  const failure = summary.error ?? invoices.error;

  // The token lasts 30 minutes and has no refresh: when it is refused, the way back is the login.
  useEffect(() => {
    if (!(failure instanceof ApiError) || failure.status !== 401) return;
    billingSession.clear();
    notify('renew.sessionExpired', { type: 'warning' });
    navigate('/login', { replace: true });
  }, [failure, notify, navigate]);

  const billing = useMemo<Billing>(
    () => ({
      methods,
      socket,
      companyId: summary.data?.company.id,
      scope: SCOPE,
      homeAfterRenewal: '/login',
      renewedNotice: 'checkout.pix.confirmedLogin',
      onRenewed: () => billingSession.clear(),
    }),
    [methods, socket, summary.data?.company.id],
  );

  const open = invoices.data?.invoices.filter(unpaid) ?? [];
  const backToLogin = () => {
    billingSession.clear();
    navigate('/login', { replace: true });
  };

  return (
    <BillingProvider value={billing}>
      <Box
        component="main"
        sx={(theme) => ({
          minHeight: '100vh',
          display: 'flex',
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'center',
          p: { xs: 1, sm: 2 },
          background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.light} 100%)`,
        })}
      >
        <Card sx={{ width: '100%', maxWidth: 760, borderRadius: 3 }} elevation={8}>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
              <Avatar sx={{ bgcolor: 'primary.main' }}>
                <WhatsApp />
              </Avatar>
              <Box>
                <Typography variant="subtitle2" color="primary" sx={{ fontWeight: 700 }}>
                  {translate('app.name')}
                </Typography>
                <Typography variant="h5" component="h1">
                  {translate('renew.title')}
                </Typography>
              </Box>
            </Box>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('errors.ERR_SUBSCRIPTION_EXPIRED', { date: formatDueDate(session.dueDate) })}
            </Alert>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('renew.intro', { company: summary.data?.company.name ?? '' })}
            </Typography>
            {failure && !(failure instanceof ApiError && failure.status === 401) && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {translate(failure.message, { _: translate('errors.generic') })}
              </Alert>
            )}
            {!invoices.data && !failure && <LinearProgress aria-busy="true" />}
            {invoices.data &&
              (open.length ? (
                <Box sx={{ overflowX: 'auto' }}>
                  <InvoiceTable invoices={open} checkoutPath={(id) => checkoutPath(RENEW_PATH, id)} />
                </Box>
              ) : (
                <Alert severity="info">{translate('renew.noOpenInvoices')}</Alert>
              ))}
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Button onClick={backToLogin}>{translate('renew.backToLogin')}</Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
      {Number.isInteger(invoiceId) && <CheckoutDialog invoiceId={invoiceId} onClose={() => navigate(RENEW_PATH)} />}
    </BillingProvider>
  );
}
