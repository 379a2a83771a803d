import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { useFieldRefusals } from '../../hooks/useFieldRefusals';
import { useRecordForm } from '../../hooks/useRecordForm';
import { newPrompt, toFormValues, toPayload } from './promptForm';
import { PromptInputs } from './PromptInputs';
import type { Prompt, PromptFormValues } from './types';

/** Submissions wait 400 ms (campaigns §9). */
const SUBMIT_DELAY_MS = 400;
/** Refusals that belong to a field. */
const FIELD_ERRORS = { ERR_PROMPT_NAME_EXISTS: 'name', ERR_PROMPT_QUEUE_REQUIRED: 'queueId' };

interface PromptDialogProps {
  /** The row to edit; without it the dialog adds a prompt. */
  record?: Prompt;
  onClose(): void;
  onSaved(prompt: Prompt): void;
}

/** Add or edit a prompt (POST/PUT /prompt). */
export function PromptDialog({ record, onClose, onSaved }: PromptDialogProps) {
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(newPrompt);
  const refused = useFieldRefusals(FIELD_ERRORS);
  const form = useRecordForm<Prompt, PromptFormValues>({
    path: '/prompt',
    record,
    empty,
    toFormValues,
    toPayload,
    savedMessage: 'prompts.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    onSaved,
    onClose,
  });
  return (
    <FormDialog resource="prompts" isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose} maxWidth="md" scrolling noValidate>
      <PromptInputs isNew={form.isNew} apiKeyHint={form.loaded?.apiKeyHint} />
    </FormDialog>
  );
}
