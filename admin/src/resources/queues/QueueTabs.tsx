import { Tab, Tabs } from '@mui/material';
import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export type QueueTab = 'data' | 'schedules';

/** 'Dados da Fila' and, while scheduleType is 'queue', 'Horários de Atendimento'. */
export function QueueTabs({ tabs, value, onChange }: { tabs: QueueTab[]; value: QueueTab; onChange(tab: QueueTab): void }) {
  const translate = useTranslate();
  return (
    <Tabs value={value} onChange={(_, next: QueueTab) => onChange(next)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((name) => (
        <Tab key={name} value={name} id={`queue-tab-${name}`} label={translate(`queues.form.tabs.${name}`)} />
      ))}
    </Tabs>
  );
}

/** After a refused submit, shows the tab holding the first field in error (the hours, or else the queue's data). */
export function TabOfErrors({ onTab }: { onTab(tab: QueueTab): void }) {
  const { errors } = useFormState();
  const fields = Object.keys(errors)
    .filter((field) => field !== 'root')
    .join();
  useEffect(() => {
    if (!fields) return;
    onTab(fields.split(',').every((field) => field === 'schedules') ? 'schedules' : 'data');
  }, [fields, onTab]);
  return null;
}
