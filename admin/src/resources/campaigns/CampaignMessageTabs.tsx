import { Box, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAppDataProvider } from '../../providers/dataProvider';
import { VariablePicker } from '../../components/VariablePicker';
import { CAMPAIGN_PLACEHOLDERS } from '../../../../src/shared/placeholders';
import { VARIANTS } from './types';

/** The campaign settings' variables; none while the settings cannot be read. */
function useCampaignVariables(): string[] {
  const methods = useAppDataProvider();
  const { data } = useQuery({
    queryKey: ['campaign-settings', 'variables'],
    queryFn: async () => (await methods.getCampaignSettings()).variables,
    retry: false,
    staleTime: 60_000,
  });
  return (data ?? []).map((variable) => variable.key).filter(Boolean);
}

/**
 * The five message variants as tabs 1..5, each with its confirmation text while "confirmation" is on, and the
 * shared variable picker (the shared variables and the campaign's own).
 */
export function CampaignMessageTabs({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const confirmation = Boolean(useWatch({ name: 'confirmation' }));
  const variables = useCampaignVariables();
  const variant = VARIANTS[tab] ?? 1;

  return (
    <Box component="section" aria-label={translate('campaigns.form.messages')} sx={{ mt: 1 }}>
      <VariablePicker field={`message${variant}`} variables={CAMPAIGN_PLACEHOLDERS} extra={variables} disabled={disabled} />
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {VARIANTS.map((n) => (
          <Tab key={n} label={translate('campaigns.form.tab', { n })} id={`campaign-message-tab-${n}`} />
        ))}
      </Tabs>
      <Box key={variant} role="tabpanel" aria-labelledby={`campaign-message-tab-${variant}`}>
        <TextInput
          source={`message${variant}`}
          label={translate('campaigns.form.message', { n: variant })}
          placeholder={translate('campaigns.form.messagePlaceholder')}
          multiline
          minRows={4}
          maxRows={12}
          disabled={disabled}
        />
        {confirmation && (
          <TextInput
            source={`confirmationMessage${variant}`}
            label={translate('campaigns.form.confirmationMessage', { n: variant })}
            placeholder={translate('campaigns.form.messagePlaceholder')}
            multiline
            minRows={3}
            maxRows={10}
            disabled={disabled}
          />
        )}
      </Box>
    </Box>
  );
}
