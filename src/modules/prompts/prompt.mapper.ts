import type { PromptResponse } from '../../shared/api-types.js';
import type { Prompt } from './prompt.entity.js';

export type { PromptResponse };

/** Short keys would be nearly given away by their last characters: they get the mask alone. */
const HINT_MIN_KEY_LENGTH = 12;

export function apiKeyHint(apiKey: string): string {
  return apiKey.length >= HINT_MIN_KEY_LENGTH ? `••••${apiKey.slice(-4)}` : '••••';
}

/** The queue must be loaded (populate or a fetched reference). */
export function toPromptResponse(record: Prompt): PromptResponse {
  const queue = record.queue.getEntity();
  return {
    id: record.id,
    name: record.name,
    prompt: record.prompt,
    voice: record.voice,
    voiceRegion: record.voiceRegion,
    maxTokens: record.maxTokens,
    temperature: record.temperature,
    maxMessages: record.maxMessages,
    model: record.model,
    apiKeyHint: apiKeyHint(record.apiKey),
    queueId: queue.id,
    queue: { id: queue.id, name: queue.name, color: queue.color },
    companyId: record.company.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
