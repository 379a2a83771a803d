import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { renewedDueDate } from './companyForm';
import type { Recurrence } from './types';

/** '+ Vencimento': moves the form's due date one recurrence period forward; Salvar stores it. */
export function RenewButton() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [dueDate, recurrence] = useWatch({ name: ['dueDate', 'recurrence'] }) as [string, Recurrence];
  const next = renewedDueDate(dueDate ?? '', recurrence);
  return (
    <Button variant="outlined" disabled={!next} onClick={() => next && setValue('dueDate', next, { shouldDirty: true, shouldValidate: true })}>
      {translate('companies.form.renew')}
    </Button>
  );
}

/** Usuário: opens the users of the company being edited (list, edit, add). */
export function CompanyUserButton({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button variant="outlined" onClick={onClick}>
      {translate('companies.form.user')}
    </Button>
  );
}
