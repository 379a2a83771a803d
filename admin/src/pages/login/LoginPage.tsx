import { Box } from '@mui/material';
import { Form, Link, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { AuthCard } from '../../components/AuthCard';
import { PublicRoute } from '../../components/PublicRoute';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { emailRules, requiredRule } from '../../validation';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const notifyError = useNotifyError();

  const submit = async (credentials: Record<string, unknown>) => {
    try {
      await login(credentials);
      notify('auth.loginSuccess', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <PublicRoute>
      <AuthCard title="login.title">
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
