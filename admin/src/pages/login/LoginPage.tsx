import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { Form, Link, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ExpiredLoginBody } from '../../../../src/shared/billing-api-types';
import { AuthCard } from '../../components/AuthCard';
import { PublicRoute } from '../../components/PublicRoute';
import { SubmitButton } from '../../components/SubmitButton';
import { formatDueDate } from '../../dueDate';
import { useNotifyError } from '../../hooks/useNotifyError';
import { ApiError } from '../../providers/httpClient';
import { emailRules, requiredRule } from '../../validation';
import { billingSession, RENEW_PATH } from '../renew/billingSession';
import { DocumentTitle } from '../../layout/DocumentTitle';

/** The login's refusal of an expired company: its text, and for an admin the billing-only token. */
function expiredAnswer(error: unknown): ExpiredLoginBody | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as Partial<ExpiredLoginBody> | undefined;
  return body?.error === 'ERR_SUBSCRIPTION_EXPIRED' ? (body as ExpiredLoginBody) : undefined;
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const renewedUntil = (useLocation().state as { renewedUntil?: string } | null)?.renewedUntil;
  const [expired, setExpired] = useState<ExpiredLoginBody>();

  const submit = async (credentials: Record<string, unknown>) => {
    setExpired(undefined);
    try {
      await login(credentials);
      notify('auth.loginSuccess', { type: 'success' });
    } catch (error) {
      const answer = expiredAnswer(error);
      if (answer) setExpired(answer);
      else notifyError(error);
    }
  };

  const payNow = (answer: ExpiredLoginBody & { billingToken: string }) => {
    billingSession.save({ token: answer.billingToken, dueDate: answer.dueDate });
    navigate(RENEW_PATH);
  };

  return (
    <PublicRoute>
      <DocumentTitle screen="login.title" />
      <AuthCard title="login.title">
        {renewedUntil && !expired && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {translate('login.renewed', { date: renewedUntil })}
          </Alert>
        )}
        {expired && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {translate('errors.ERR_SUBSCRIPTION_EXPIRED', { date: formatDueDate(expired.dueDate) })}
            {expired.billingToken && (
              <Box sx={{ mt: 1.5 }}>
                <Button color="error" variant="contained" size="small" onClick={() => payNow(expired as ExpiredLoginBody & { billingToken: string })}>
                  {translate('login.payNow')}
                </Button>
              </Box>
            )}
          </Alert>
        )}
        <Form onSubmit={submit} defaultValues={{ email: '', password: '' }}>
          <TextInput source="email" type="email" label="login.email" validate={emailRules} autoComplete="email" autoFocus />
          <PasswordInput source="password" label="login.password" validate={requiredRule} autoComplete="current-password" />
          <SubmitButton label="login.submit" />
        </Form>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 3 }}>
          <Link to="/forgetpsw" variant="body2">
            {translate('login.forgotPassword')}
          </Link>
          <Link to="/signup" variant="body2">
            {translate('login.signup')}
          </Link>
        </Box>
      </AuthCard>
    </PublicRoute>
  );
}
