import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { IntegrationTest } from './IntegrationTest';
import { requiredField } from './integrationForm';
import { DIALOGFLOW_LANGUAGES, type IntegrationType } from './types';

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };
const LANGUAGE_CHOICES = DIALOGFLOW_LANGUAGES.map((language) => ({ id: language, name: `queueIntegrations.languages.${language}` }));

/**
 * The fields of the chosen type, and the test of the configuration; hidden fields keep their values but are not
 * validated or sent.
 */
export function IntegrationTypeInputs() {
  const type = useWatch<{ type: IntegrationType }>({ name: 'type' });
  return (
    <>
      {type === 'dialogflow' && <DialogflowInputs />}
      {type === 'typebot' && <TypebotInputs />}
      {(type === 'n8n' || type === 'webhook') && <TextInput source="urlN8N" label="queueIntegrations.form.url" validate={requiredField} autoComplete="off" />}
      <IntegrationTest />
    </>
  );
}

function DialogflowInputs() {
  return (
    <>
      <Box sx={row}>
        <TextInput source="projectName" label="queueIntegrations.form.projectName" helperText="queueIntegrations.form.projectNameHelp" autoComplete="off" />
        <SelectInput source="language" label="queueIntegrations.form.language" choices={LANGUAGE_CHOICES} validate={requiredField} />
      </Box>
      <TextInput
        source="jsonContent"
        label="queueIntegrations.form.jsonContent"
        validate={requiredField}
        multiline
        minRows={4}
        maxRows={8}
        helperText="queueIntegrations.form.jsonContentHelp"
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
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
