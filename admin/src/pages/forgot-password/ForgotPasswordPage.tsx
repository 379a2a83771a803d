import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, Link, PasswordInput, TextInput, useNavigate, useNotify, useTranslate } from 'react-admin';
import { AuthCard } from '../../components/AuthCard';
import { PublicRoute } from '../../components/PublicRoute';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import { emailRules, matchesField, requiredRule, strongPasswordRules } from '../../validation';

const confirmationRules = [...requiredRule, matchesField('newPassword', 'forgotPassword.passwordMismatch')];

/** Password reset: ask for the mail with a code, then set a new password with that code. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string>();

  const requestCode = async (values: Record<string, unknown>) => {
    const address = String(values.email);
    try {
      await api.post('/forgetpassword', { email: address });
      notify('forgotPassword.emailSent', { type: 'success' });
      setEmail(address);
    } catch (error) {
      notifyError(error);
    }
  };

  const reset = async (values: Record<string, unknown>) => {
    try {
      await api.post('/resetpasswords', { email, token: String(values.token), newPassword: String(values.newPassword) });
      notify('forgotPassword.success', { type: 'success' });
      navigate('/login');
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <PublicRoute>
      <AuthCard title="forgotPassword.title">
        {email === undefined ? (
          <Form key="request" onSubmit={requestCode} defaultValues={{ email: '' }}>
            <TextInput source="email" type="email" label="forgotPassword.email" validate={emailRules} autoComplete="email" autoFocus />
            <SubmitButton label="forgotPassword.send" />
          </Form>
        ) : (
          <Form key="reset" onSubmit={reset} defaultValues={{ token: '', newPassword: '', confirmPassword: '' }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('forgotPassword.codeSentTo', { email })}
            </Typography>
            <TextInput source="token" label="forgotPassword.token" validate={requiredRule} autoComplete="one-time-code" autoFocus />
            <PasswordInput source="newPassword" label="forgotPassword.newPassword" validate={strongPasswordRules} autoComplete="new-password" />
            <PasswordInput source="confirmPassword" label="forgotPassword.confirmPassword" validate={confirmationRules} autoComplete="new-password" />
            <SubmitButton label="forgotPassword.submit" />
          </Form>
        )}
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Link to="/login" variant="body2">
            {translate('forgotPassword.backToLogin')}
          </Link>
        </Box>
      </AuthCard>
    </PublicRoute>
  );
}
