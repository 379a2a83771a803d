import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { Tab, Tabs } from '@mui/material';
import { useEffect, useEffectEvent } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export const CONNECTION_TABS = ['queues', 'messages'] as const;

const TAB_FIELDS: Record<(typeof CONNECTION_TABS)[number], string[]> = {
  queues: ['queueIds', 'transferQueueId', 'timeToTransfer', 'promptId', 'maxUseBotQueues', 'timeUseBotQueues', 'expiresTicket'],
  messages: ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'],
};

/** The dialog's tabs; a tab with an invalid field is marked, and a failed submit shows it. */
export function ConnectionTabs({ tab, onChange }: { tab: number; onChange(tab: number): void }) {
  const translate = useTranslate();
  const { errors, submitCount } = useFormState();
  const invalid = CONNECTION_TABS.map((name) => TAB_FIELDS[name].some((field) => field in errors));
  const showInvalid = useEffectEvent(() => {
    const first = invalid.indexOf(true);
    if (first >= 0 && !invalid[tab]) onChange(first);
  });
  useEffect(() => {
    if (submitCount) showInvalid();
  }, [submitCount]);

  return (
    <Tabs value={tab} onChange={(_, next: number) => onChange(next)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
      {CONNECTION_TABS.map((name, index) => (
        <Tab
          key={name}
          id={`connection-tab-${name}`}
          label={translate(`connections.form.tabs.${name}`)}
          icon={invalid[index] ? <ErrorOutlineOutlined color="error" fontSize="small" /> : undefined}
          iconPosition="end"
          sx={{ minHeight: 48 }}
        />
      ))}
    </Tabs>
  );
}
