import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { newPrompt, toFormValues, toPayload } from './promptForm';
import { PromptInputs } from './PromptInputs';
import type { Prompt, PromptFormValues } from './types';

const NEW_PROMPT = newPrompt();

/** Add (`/prompts/create`) or edit (`/prompts/{id}`) a prompt (POST/PUT /prompt). */
export function PromptDialog({ id }: { id?: number }) {
  return (
    <ResourceFormDialog<Prompt, PromptFormValues>
      resource="prompts"
      listPath="/prompts"
      id={id}
      empty={NEW_PROMPT}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      maxWidth="md"
    >
      <PromptInputs isNew={id === undefined} />
    </ResourceFormDialog>
  );
}
