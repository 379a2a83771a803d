import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { newPrompt, toFormValues, toPayload } from './promptForm';
import { PromptInputs } from './PromptInputs';
import type { Prompt, PromptFormValues } from './types';

/** Submissions wait 400 ms (campaigns §9). */
const SUBMIT_DELAY_MS = 400;
const NEW_PROMPT = newPrompt();

const delayed = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), SUBMIT_DELAY_MS));

/** Add (`/prompts/create`) or edit (`/prompts/{id}`) a prompt (POST/PUT /prompt). */
export function PromptDialog({ id }: { id?: number }) {
  return (
    <ResourceFormDialog<Prompt, PromptFormValues>
      resource="prompts"
      listPath="/prompts"
      id={id}
      empty={NEW_PROMPT}
      toFormValues={toFormValues}
      transform={(values) => delayed(toPayload(values))}
      maxWidth="md"
    >
      <PromptInputs isNew={id === undefined} />
    </ResourceFormDialog>
  );
}
