import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { CompaniesTab } from './companies/CompaniesTab';
import { HelpsTab } from './helps/HelpsTab';
import { OptionsTab } from './OptionsTab';
import { PlansTab } from './plans/PlansTab';
import { SchedulesTab } from './SchedulesTab';
import { type Settings, useSettings } from './useSettings';

type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps';

const SUPER_TABS: SettingsTab[] = ['companies', 'plans', 'helps'];

function TabContent({ tab, settings }: { tab: SettingsTab; settings: Settings }) {
  switch (tab) {
    case 'schedules':
      return <SchedulesTab />;
    case 'companies':
      return <CompaniesTab />;
    case 'plans':
      return <PlansTab />;
    case 'helps':
      return <HelpsTab />;
    default:
      return <OptionsTab settings={settings} />;
  }
}

/**
 * /settings: Opções for everyone who opens it, Horários only while scheduleType is 'company', and Empresas,
 * Planos and Ajuda for super users.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const settings = useSettings();
  const isSuper = useAccess()?.isSuper ?? false;
  const [chosen, setChosen] = useState<SettingsTab>('options');
  const tabs: SettingsTab[] = ['options', ...(settings.scheduleType === 'company' ? (['schedules'] as const) : []), ...(isSuper ? SUPER_TABS : [])];
  // A tab that disappears (scheduleType changed) leaves the user on Opções.
  const tab = tabs.includes(chosen) ? chosen : 'options';

  const change = (next: SettingsTab) => {
    setChosen(next);
    // Every tab change reloads the tab's data: the settings here, the other tabs' lists as they mount.
    settings.reload();
  };

  return (
    <Box>
      <PageHeader title="settings.title" />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, next: SettingsTab) => change(next)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }} variant="scrollable">
          {tabs.map((name) => (
            <Tab key={name} value={name} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} label={translate(`settings.tabs.${name}`)} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
          <TabContent tab={tab} settings={settings} />
        </Box>
      </Paper>
    </Box>
  );
}
