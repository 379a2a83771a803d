import type { Column } from '../../components/ResourceTable';
import type { Prompt } from './types';

/** The prompts table: name, the queue it hands tickets to, and the answer's token limit. */
export const PROMPT_COLUMNS: Column<Prompt>[] = [
  { source: 'name' },
  { source: 'queue', render: (prompt) => prompt.queue?.name ?? '' },
  { source: 'maxTokens', cellProps: { align: 'center', sx: { width: 200 } } },
];
