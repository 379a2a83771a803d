import type { QueueIntegrationResponse } from '../../shared/api-types.js';
import type { QueueIntegration } from './queue-integration.entity.js';

export type { QueueIntegrationResponse };

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
