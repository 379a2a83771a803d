/** The services a queue can hand its conversations to (campaigns §9). */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Dialogflow agent languages (campaigns §9). */
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** A queue integration as GET /queueIntegration answers it. */
export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number | null;
  typebotDelayMessage: number | null;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
}

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
