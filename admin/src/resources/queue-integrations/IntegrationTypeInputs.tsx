import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { DialogflowTest } from './DialogflowTest';
import { requiredField } from './integrationForm';
import { DIALOGFLOW_LANGUAGES, type IntegrationType } from './types';

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };
const LANGUAGE_CHOICES = DIALOGFLOW_LANGUAGES.map(language => ({ id: language, name: `queueIntegrations.languages.${language}` }));

/** The fields of the chosen type; hidden fields keep their values but are not validated or sent. */
export function IntegrationTypeInputs() {
  const type = useWatch<{ type: IntegrationType }>({ name: 'type' });
  if (type === 'dialogflow') return <DialogflowInputs />;
  if (type === 'typebot') return <TypebotInputs />;
  return <TextInput source="urlN8N" label="queueIntegrations.form.url" validate={requiredField} autoComplete="off" />;
}

function DialogflowInputs() {
  return (
    <>
      <Box sx={row}>
        <TextInput source="projectName" label="queueIntegrations.form.projectName" validate={requiredField} autoComplete="off" />
        <SelectInput source="language" label="queueIntegrations.form.language" choices={LANGUAGE_CHOICES} validate={requiredField} />
      </Box>
      <TextInput
        source="jsonContent"
        label="queueIntegrations.form.jsonContent"
        validate={requiredField}
        multiline
        minRows={6}
        maxRows={14}
        helperText="queueIntegrations.form.jsonContentHelp"
      />
      <DialogflowTest />
    </>
  );
}

function TypebotInputs() {
  return (
    <>
      <Box sx={row}>
        <TextInput source="urlN8N" label="queueIntegrations.form.typebotUrl" validate={requiredField} autoComplete="off" />
        <TextInput source="typebotSlug" label="queueIntegrations.form.typebotSlug" validate={requiredField} autoComplete="off" />
        <WholeNumberInput source="typebotExpires" label="queueIntegrations.form.typebotExpires" helperText="queueIntegrations.form.typebotExpiresHelp" />
        <WholeNumberInput source="typebotDelayMessage" label="queueIntegrations.form.typebotDelayMessage" />
        <TextInput source="typebotKeywordFinish" label="queueIntegrations.form.typebotKeywordFinish" autoComplete="off" />
        <TextInput source="typebotKeywordRestart" label="queueIntegrations.form.typebotKeywordRestart" autoComplete="off" />
      </Box>
      <TextInput source="typebotUnknownMessage" label="queueIntegrations.form.typebotUnknownMessage" multiline minRows={2} />
      <TextInput source="typebotRestartMessage" label="queueIntegrations.form.typebotRestartMessage" multiline minRows={2} />
    </>
  );
}
