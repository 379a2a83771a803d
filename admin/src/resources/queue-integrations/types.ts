import type { IntegrationType, QueueIntegrationResponse } from '../../../../src/shared/api-types';

export { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES, type IntegrationType } from '../../../../src/shared/api-types';

/** A queue integration as GET /queueIntegration answers it. */
export type QueueIntegration = QueueIntegrationResponse;

/** The integration dialog's fields: those of every type, shown by the chosen type. */
export interface IntegrationFormValues {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number | null;
  typebotDelayMessage: number | null;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
}
