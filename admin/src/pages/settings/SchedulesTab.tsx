import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, useNotify } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { WeeklyScheduleInputs, weekOf } from '../../components/WeeklyScheduleInputs';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { ScheduleEntry } from '../../../../src/shared/schedules';

interface Company {
  id: number;
  schedules?: ScheduleEntry[] | null;
}

/** Horários: the company's working hours (getOne companies/{id}; saveCompanySchedules: PUT /companies/{id}/schedules). */
export function SchedulesTab() {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const companyId = useAccess()?.me.company.id;
  const [values, setValues] = useState<{ schedules: ScheduleEntry[] }>();

  useEffect(() => {
    if (companyId === undefined) return;
    let current = true;
    dataProvider
      .getOne<Company>('companies', { id: companyId })
      .then(({ data: company }) => current && setValues({ schedules: weekOf(company.schedules) }))
      .catch((error) => current && notifyError(error));
    return () => {
      current = false;
    };
  }, [companyId, dataProvider, notifyError]);

  const submit = async (form: Record<string, unknown>) => {
    if (companyId === undefined) return;
    const schedules = weekOf(form.schedules as ScheduleEntry[]);
    try {
      const company = await dataProvider.saveCompanySchedules(companyId, schedules);
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
