/** A prompt as GET /prompt answers it: the keys themselves are never sent back, only a hint of the API key. */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  model: string | null;
  voice: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  queue?: { id: number; name: string } | null;
  /** The last characters of the stored API key, to recognise it. */
  apiKeyHint?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

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
}
