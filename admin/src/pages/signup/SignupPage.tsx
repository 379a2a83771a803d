import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, Link, PasswordInput, SelectInput, TextInput, useNavigate, useNotify, useTranslate } from 'react-admin';
import { AuthCard } from '../../components/AuthCard';
import { PublicRoute } from '../../components/PublicRoute';
import { SubmitButton } from '../../components/SubmitButton';
import type { Plan } from '../../providers/accessControl';
import { api } from '../../providers/httpClient';
import { emailRules, nameRules, passwordRules, requiredRule } from '../../validation';
import { maskPhone, phoneDigits } from './phoneMask';

const money = (value: Plan['value']) => Number(value).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Self-registration of a company with a plan (POST /companies/cadastro). */
export function SignupPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [plans, setPlans] = useState<Plan[]>([]);

  useEffect(() => {
    api
      .get<Plan[]>('/plans/list')
      .then(setPlans)
      .catch(() => setPlans([]));
  }, []);

  const submit = async (values: Record<string, unknown>) => {
    try {
      await api.post('/companies/cadastro', values);
      notify('signup.success', { type: 'success' });
      navigate('/login');
    } catch {
      notify('signup.failure', { type: 'error' });
    }
  };

  const planChoices = plans.map((plan) => ({
    id: plan.id,
    name: translate('signup.planOption', { ...plan, value: money(plan.value) }),
  }));

  return (
    <PublicRoute>
      <AuthCard title="signup.title">
        <Form onSubmit={submit} defaultValues={{ name: '', email: '', phone: '', password: '', planId: '' }}>
          <TextInput source="name" label="signup.companyName" validate={nameRules} autoComplete="organization" autoFocus />
          <TextInput source="email" type="email" label="signup.email" validate={emailRules} autoComplete="email" />
          <TextInput source="phone" type="tel" label="signup.phone" format={maskPhone} parse={phoneDigits} autoComplete="tel-national" />
          <PasswordInput source="password" label="signup.password" validate={passwordRules(true)} autoComplete="new-password" />
          <SelectInput source="planId" label="signup.plan" choices={planChoices} validate={requiredRule} translateChoice={false} />
          <SubmitButton label="signup.submit" />
        </Form>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Link to="/login" variant="body2">
            {translate('signup.login')}
          </Link>
        </Box>
      </AuthCard>
    </PublicRoute>
  );
}
