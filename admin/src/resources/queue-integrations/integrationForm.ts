import { required, type Validator } from 'react-admin';
import { nameRules } from '../../validation';
import type { IntegrationFormValues, QueueIntegration } from './types';

/** Name: required, 2 to 50 characters (the catalogs' validation texts; campaigns §5). */
export const integrationNameRules = nameRules;
export const requiredField: Validator[] = [required('validation.required')];

/** Typebot defaults of campaigns §9: sessions expire after 1 minute, 1000 ms between messages. */
export const newIntegration = (): IntegrationFormValues => ({
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
});

export const toFormValues = (integration: QueueIntegration): IntegrationFormValues => ({
  type: integration.type,
  name: integration.name,
  projectName: integration.projectName ?? '',
  jsonContent: integration.jsonContent ?? '',
  language: integration.language ?? 'pt-BR',
  urlN8N: integration.urlN8N ?? '',
  typebotSlug: integration.typebotSlug ?? '',
  typebotExpires: integration.typebotExpires ?? 1,
  typebotDelayMessage: integration.typebotDelayMessage ?? 1000,
  typebotKeywordFinish: integration.typebotKeywordFinish ?? '',
  typebotKeywordRestart: integration.typebotKeywordRestart ?? '',
  typebotRestartMessage: integration.typebotRestartMessage ?? '',
  typebotUnknownMessage: integration.typebotUnknownMessage ?? '',
});

const text = (value: string | null | undefined) => value?.trim() || null;
const whole = (value: number | null | undefined, fallback: number) =>
  value === null || value === undefined || Number.isNaN(Number(value)) ? fallback : Number(value);

/**
 * The POST/PUT /queueIntegration body: the fields of the chosen type. For n8n, webhook and typebot the project
 * name is the name (campaigns §5).
 */
export function toPayload(values: IntegrationFormValues) {
  const name = values.name.trim();
  switch (values.type) {
    case 'dialogflow':
      return {
        type: values.type,
        name,
        projectName: text(values.projectName),
        jsonContent: text(values.jsonContent),
        language: values.language || 'pt-BR',
      };
    case 'typebot':
      return {
        type: values.type,
        name,
        projectName: name,
        urlN8N: text(values.urlN8N),
        typebotSlug: text(values.typebotSlug),
        typebotExpires: whole(values.typebotExpires, 1),
        typebotDelayMessage: whole(values.typebotDelayMessage, 1000),
        typebotKeywordFinish: text(values.typebotKeywordFinish),
        typebotKeywordRestart: text(values.typebotKeywordRestart),
        typebotRestartMessage: text(values.typebotRestartMessage),
        typebotUnknownMessage: text(values.typebotUnknownMessage),
      };
    default:
      return { type: values.type, name, projectName: name, urlN8N: text(values.urlN8N) };
  }
}
