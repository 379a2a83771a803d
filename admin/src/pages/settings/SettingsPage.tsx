import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useSettings } from './useSettings';

type SettingsTab = 'options' | 'schedules';

/** /settings: Opções for everyone who opens it, Horários only while scheduleType is 'company'. */
export function SettingsPage() {
  const translate = useTranslate();
  const settings = useSettings();
  const [chosen, setChosen] = useState<SettingsTab>('options');
  const tabs: SettingsTab[] = settings.scheduleType === 'company' ? ['options', 'schedules'] : ['options'];
  // A tab that disappears (scheduleType changed) leaves the user on Opções.
  const tab = tabs.includes(chosen) ? chosen : 'options';

  const change = (next: SettingsTab) => {
    setChosen(next);
    // Every tab change reloads the tab's data: the settings here, the schedules as the tab mounts.
    settings.reload();
  };

  return (
    <Box>
      <PageHeader title="settings.title" />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, next: SettingsTab) => change(next)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          variant="scrollable"
        >
          {tabs.map(name => (
            <Tab key={name} value={name} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} label={translate(`settings.tabs.${name}`)} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'options' ? <OptionsTab settings={settings} /> : <SchedulesTab />}
        </Box>
      </Paper>
    </Box>
  );
}
