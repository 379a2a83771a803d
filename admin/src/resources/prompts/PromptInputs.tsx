import { Box } from '@mui/material';
import { PasswordInput, ReferenceInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { requiredRule } from '../../validation';
import { apiKeyRules, maxMessagesRules, maxTokensRules, NEURAL_VOICES, nameRules, promptRules, queueRules, temperatureRules, TEXT_VOICE } from './promptForm';
import type { PromptFormValues } from './types';

const row = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` },
  columnGap: 2,
});

/** 'pt-BR-FranciscaNeural' → 'Francisca': the voice's own name. */
const voiceName = (voice: string) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/** The prompt dialog's fields; `isNew` without a record to edit. */
export function PromptInputs({ isNew }: { isNew: boolean }) {
  const translate = useTranslate();
  // The form's record: the values it started from, with the stored key's hint.
  const apiKeyHint = useRecordContext<PromptFormValues>()?.apiKeyHint;
  const voices = [{ id: TEXT_VOICE, name: translate('prompts.voices.texto') }, ...NEURAL_VOICES.map((voice) => ({ id: voice, name: voiceName(voice) }))];
  const keptKey = isNew ? undefined : apiKeyHint ? translate('prompts.form.apiKeyKeepHint', { hint: apiKeyHint }) : translate('prompts.form.apiKeyKeep');

  return (
    <>
      <TextInput source="name" label="prompts.form.name" validate={nameRules} autoFocus autoComplete="off" />
      <TextInput source="prompt" label="prompts.form.prompt" validate={promptRules} multiline minRows={6} maxRows={16} />
      <Box sx={row(2)}>
        <TextInput source="model" label="prompts.form.model" autoComplete="off" helperText="prompts.form.modelHelp" />
        <PasswordInput source="apiKey" label="prompts.form.apiKey" validate={apiKeyRules(isNew)} autoComplete="new-password" helperText={keptKey ?? false} />
      </Box>
      <ReferenceInput source="queueId" reference="queues" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput label="prompts.form.queue" optionText="name" validate={queueRules} />
      </ReferenceInput>
      <Box sx={row(3)}>
        <WholeNumberInput source="maxTokens" label="prompts.form.maxTokens" validate={maxTokensRules} />
        <TextInput
          source="temperature"
          label="prompts.form.temperature"
          type="number"
          validate={temperatureRules}
          parse={(value: string) => (value === '' ? null : Number(value))}
          format={(value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))}
          slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }}
        />
        <WholeNumberInput source="maxMessages" label="prompts.form.maxMessages" validate={maxMessagesRules} />
      </Box>
      <Box sx={row(3)}>
        <SelectInput source="voice" label="prompts.form.voice" choices={voices} translateChoice={false} validate={requiredRule} />
        <PasswordInput source="voiceKey" label="prompts.form.voiceKey" autoComplete="new-password" helperText={isNew ? false : 'prompts.form.voiceKeyKeep'} />
        <TextInput source="voiceRegion" label="prompts.form.voiceRegion" autoComplete="off" />
      </Box>
    </>
  );
}
