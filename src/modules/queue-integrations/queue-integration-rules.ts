import { InvalidServiceAccountError, parseServiceAccount } from '../automation/clients/dialogflow-credentials.js';
import type { FieldError } from '../../common/errors/validation.js';
import { invalidDialogflowJson, invalidFields } from './queue-integration-errors.js';
import { DIALOGFLOW_LANGUAGES, type IntegrationType } from './queue-integration.entity.js';

/** The configuration of an integration once the body is merged with what is stored. */
export interface IntegrationSettings {
  type: IntegrationType;
  name: string;
  projectName: string | null;
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** Only http(s) URLs: the server POSTs to them, and file: or other schemes must never be reachable that way. */
function checkUrl(fields: FieldError[], value: string | null): void {
  if (!value) fields.push({ field: 'urlN8N', messages: ['urlN8N is required'] });
  else if (!isHttpUrl(value)) fields.push({ field: 'urlN8N', messages: ['urlN8N must be an http or https URL'] });
}

/**
 * Applies the per-type rules of campaigns §5 and returns what to store: n8n, webhook and typebot take the name as
 * project name; typebot needs the server URL and the slug; n8n and webhook a URL; dialogflow valid service-account
 * credentials and a language. Fields another type uses are cleared, so a former Dialogflow key does not linger.
 */
export function resolveIntegration(input: IntegrationSettings): IntegrationSettings {
  const fields: FieldError[] = [];
  const out: IntegrationSettings = { ...input };
  if (input.type === 'dialogflow') {
    if (!input.jsonContent) throw invalidDialogflowJson('The Dialogflow credentials (service-account JSON) are required');
    let projectId: string | null;
    try {
      projectId = parseServiceAccount(input.jsonContent).projectId;
    } catch (error) {
      if (error instanceof InvalidServiceAccountError) throw invalidDialogflowJson(error.message);
      throw error;
    }
    if (!input.language || !(DIALOGFLOW_LANGUAGES as readonly string[]).includes(input.language)) {
      fields.push({ field: 'language', messages: [`language must be one of ${DIALOGFLOW_LANGUAGES.join(', ')}`] });
    }
    out.projectName = input.projectName || projectId;
    if (!out.projectName) fields.push({ field: 'projectName', messages: ['projectName is required when the credentials have no project_id'] });
    Object.assign(out, {
      urlN8N: null,
      typebotSlug: null,
      typebotKeywordFinish: null,
      typebotKeywordRestart: null,
      typebotRestartMessage: null,
      typebotUnknownMessage: null,
    });
  } else {
    checkUrl(fields, input.urlN8N);
    if (input.type === 'typebot' && !input.typebotSlug) fields.push({ field: 'typebotSlug', messages: ['typebotSlug is required'] });
    out.projectName = input.name;
    out.jsonContent = null;
    out.language = null;
    if (input.type !== 'typebot') {
      Object.assign(out, {
        typebotSlug: null,
        typebotKeywordFinish: null,
        typebotKeywordRestart: null,
        typebotRestartMessage: null,
        typebotUnknownMessage: null,
      });
    }
  }
  if (fields.length) throw invalidFields(fields);
  return out;
}
