import { Alert, Box, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SwitchInput } from '../../components/SwitchInput';
import { useCloudTemplates } from '../../hooks/useCloudTemplates';
import { ScheduleDateTimeInput } from '../../pages/schedules/ScheduleDateTimeInput';
import { campaignNameRules, scheduledAtRules } from './campaignForm';
import { CampaignMessageTabs } from './CampaignMessageTabs';
import type { Audience, Campaign } from './types';
import { useCampaignChoices } from './useCampaignChoices';

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

/** Contact list or tag: who receives the campaign. */
function AudienceInput({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'audience' });
  return (
    <RadioGroup
      row
      value={field.value ?? 'contactList'}
      onChange={(_, value) => field.onChange(value as Audience)}
      aria-label={translate('campaigns.form.audience')}
    >
      <FormControlLabel value="contactList" control={<Radio size="small" />} label={translate('campaigns.form.contactListId')} disabled={disabled} />
      <FormControlLabel value="tag" control={<Radio size="small" />} label={translate('campaigns.form.tagListId')} disabled={disabled} />
    </RadioGroup>
  );
}

interface CampaignInputsProps {
  /** Everything but the messages is locked (campaigns §4). */
  locked: boolean;
  /** The messages are locked too. */
  messagesLocked: boolean;
  /** Why the form is (partly) read-only, as a catalog key. */
  notice?: string;
  /** The campaign being edited. */
  campaign?: Campaign;
}

/** The campaign's fields: name, connection, schedule, audience, file list, confirmation and the five messages. */
export function CampaignInputs({ locked, messagesLocked, notice, campaign }: CampaignInputsProps) {
  const translate = useTranslate();
  const choices = useCampaignChoices(campaign);
  const audience = (useWatch({ name: 'audience' }) as Audience | undefined) ?? 'contactList';
  const cloud = useCloudTemplates(useWatch({ name: 'whatsappId' }) as number | null);
  const confirmation = Boolean(useWatch({ name: 'confirmation' }));
  const none = translate('campaigns.form.none');
  return (
    <>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(notice)}
        </Alert>
      )}
      <Box sx={twoColumns}>
        <TextInput source="name" label="campaigns.form.name" validate={campaignNameRules} disabled={locked} autoComplete="off" />
        <SelectInput source="whatsappId" label="campaigns.form.whatsappId" choices={choices.connections} emptyText={none} disabled={locked} />
        <ScheduleDateTimeInput
          source="scheduledAt"
          label="campaigns.form.scheduledAt"
          validate={locked ? undefined : scheduledAtRules}
          helperText="campaigns.form.scheduledAtHelp"
          disabled={locked}
        />
        {/* Without a confirmation request a Cloud API campaign sends only its templates: its files go after an answer. */}
        <SelectInput
          source="fileListId"
          label="campaigns.form.fileListId"
          choices={choices.fileLists}
          emptyText={none}
          disabled={locked || (cloud.cloud && !confirmation)}
        />
      </Box>
      <AudienceInput disabled={locked} />
      <Box sx={twoColumns}>
        {audience === 'tag' ? (
          <SelectInput source="tagListId" label="campaigns.form.tagListId" choices={choices.tags} emptyText={none} disabled={locked} />
        ) : (
          <SelectInput source="contactListId" label="campaigns.form.contactListId" choices={choices.contactLists} emptyText={none} disabled={locked} />
        )}
        <SwitchInput source="confirmation" label="campaigns.form.confirmation" helperText="campaigns.form.confirmationHelp" disabled={locked} />
      </Box>
      {cloud.cloud && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="cloud-campaign-notice">
          {translate(confirmation ? 'cloudTemplates.campaignNoticeConfirmation' : 'cloudTemplates.campaignNotice')}
        </Alert>
      )}
      <CampaignMessageTabs disabled={messagesLocked} templates={cloud.cloud ? cloud.templates : null} />
    </>
  );
}
