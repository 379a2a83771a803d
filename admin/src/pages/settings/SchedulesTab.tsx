import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, useNotify } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { WeeklyScheduleInputs, weekOf } from '../../components/WeeklyScheduleInputs';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import type { ScheduleEntry } from '../../../../src/shared/schedules';

interface Company {
  id: number;
  schedules?: ScheduleEntry[] | null;
}

/** Horários: the company's working hours (GET /companies/{id}, PUT /companies/{id}/schedules). */
export function SchedulesTab() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const companyId = useAccess()?.me.company.id;
  const [values, setValues] = useState<{ schedules: ScheduleEntry[] }>();

  useEffect(() => {
    if (companyId === undefined) return;
    let current = true;
    api
      .get<Company>(`/companies/${companyId}`)
      .then((company) => current && setValues({ schedules: weekOf(company.schedules) }))
      .catch((error) => current && notifyError(error));
    return () => {
      current = false;
    };
  }, [companyId, notifyError]);

  const submit = async (form: Record<string, unknown>) => {
    const schedules = weekOf(form.schedules as ScheduleEntry[]);
    try {
      const company = await api.put<Company>(`/companies/${companyId}/schedules`, { id: companyId, schedules });
      setValues({ schedules: weekOf(company?.schedules ?? schedules) });
      notify('settings.schedulesSaved', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  if (!values) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Form record={values} onSubmit={submit} noValidate>
      <Box sx={{ maxWidth: 720 }}>
        <WeeklyScheduleInputs />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <SubmitButton label="settings.save" fullWidth={false} />
        </Box>
      </Box>
    </Form>
  );
}
