import type { PromptResponse } from '../../../../src/shared/api-types';

/** A prompt as GET /prompt answers it: the keys themselves are never sent back, only a hint of the API key. */
export type Prompt = PromptResponse;

/** The prompt dialog's fields; an empty apiKey or voiceKey on edit keeps the stored one. */
export interface PromptFormValues {
  name: string;
  prompt: string;
  model: string;
  apiKey: string;
  queueId: number | null;
  maxTokens: number | null;
  temperature: number | null;
  maxMessages: number | null;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  /** The last characters of the stored API key, when editing (read-only). */
  apiKeyHint: string | null;
}
