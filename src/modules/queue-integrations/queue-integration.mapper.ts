import type { IntegrationType, QueueIntegration } from './queue-integration.entity.js';

export interface QueueIntegrationResponse {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  /** The Dialogflow credentials: admins only, null for everyone else. */
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export function toQueueIntegrationResponse(record: QueueIntegration, withSecret: boolean): QueueIntegrationResponse {
  return {
    id: record.id,
    type: record.type,
    name: record.name,
    projectName: record.projectName,
    jsonContent: withSecret ? record.jsonContent : null,
    language: record.language,
    urlN8N: record.urlN8N,
    typebotSlug: record.typebotSlug,
    typebotExpires: record.typebotExpires,
    typebotDelayMessage: record.typebotDelayMessage,
    typebotKeywordFinish: record.typebotKeywordFinish,
    typebotKeywordRestart: record.typebotKeywordRestart,
    typebotRestartMessage: record.typebotRestartMessage,
    typebotUnknownMessage: record.typebotUnknownMessage,
    companyId: record.company.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
