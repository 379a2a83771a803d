import { maxLength, minLength, required, type Validator } from 'react-admin';
import type { Prompt, PromptFormValues } from './types';

/** The model a new prompt starts with (the server's default). */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** Answers in text; the other voices are Brazilian Portuguese neural voices (campaigns §9). */
export const TEXT_VOICE = 'texto';
export const NEURAL_VOICES = [
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

export const nameRules: Validator[] = [required('validation.required'), minLength(2, 'validation.tooShort'), maxLength(100, 'validation.tooLong')];

/** A number from `min` to `max`, or empty (the default applies). */
const between =
  (min: number, max: number): Validator =>
  (value: unknown) =>
    value === null || value === undefined || value === '' || (Number(value) >= min && Number(value) <= max)
      ? undefined
      : { message: 'prompts.form.range', args: { min, max } };

/** The API's limits, told at the field rather than as a refused save. */
export const maxTokensRules: Validator[] = [between(10, 4096)];
export const temperatureRules: Validator[] = [between(0, 2)];
export const maxMessagesRules: Validator[] = [between(1, 50)];
export const promptRules: Validator[] = [required('validation.required')];
/** Campaigns §5: a queue is required at submit, with its own wording. */
export const queueRules: Validator[] = [required('prompts.form.queueRequired')];
/** A new prompt needs a key; an edited one keeps the stored key when the field stays empty. */
export const apiKeyRules = (isNew: boolean): Validator[] => (isNew ? [required('validation.required')] : []);

/** Defaults of campaigns §9: voice 'texto', maxTokens 100, temperature 1, maxMessages 10. */
export const newPrompt = (): PromptFormValues => ({
  name: '',
  prompt: '',
  model: DEFAULT_MODEL,
  apiKey: '',
  queueId: null,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  voice: TEXT_VOICE,
  voiceKey: '',
  voiceRegion: '',
  apiKeyHint: null,
});

export const toFormValues = (prompt: Prompt): PromptFormValues => ({
  name: prompt.name,
  prompt: prompt.prompt ?? '',
  model: prompt.model ?? DEFAULT_MODEL,
  apiKey: '',
  queueId: prompt.queueId ?? prompt.queue?.id ?? null,
  maxTokens: prompt.maxTokens ?? 100,
  temperature: prompt.temperature ?? 1,
  maxMessages: prompt.maxMessages ?? 10,
  voice: prompt.voice || TEXT_VOICE,
  voiceKey: '',
  voiceRegion: prompt.voiceRegion ?? '',
  apiKeyHint: prompt.apiKeyHint || null,
});

const orDefault = (value: number | null | undefined, fallback: number) =>
  value === null || value === undefined || Number.isNaN(Number(value)) ? fallback : Number(value);

/** The POST/PUT /prompt body; the secrets go only when typed, so an edit keeps the stored ones. */
export function toPayload(values: PromptFormValues) {
  const apiKey = values.apiKey?.trim();
  const voiceKey = values.voiceKey?.trim();
  return {
    name: values.name.trim(),
    prompt: values.prompt ?? '',
    model: values.model?.trim() || DEFAULT_MODEL,
    queueId: values.queueId,
    maxTokens: orDefault(values.maxTokens, 100),
    temperature: orDefault(values.temperature, 1),
    maxMessages: orDefault(values.maxMessages, 10),
    voice: values.voice || TEXT_VOICE,
    voiceRegion: values.voiceRegion?.trim() || null,
    ...(apiKey ? { apiKey } : {}),
    ...(voiceKey ? { voiceKey } : {}),
  };
}
