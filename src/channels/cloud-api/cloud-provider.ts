import type { ProviderCapabilities } from '../channel-provider.js';

/** The provider name of WhatsApp Cloud API connections. */
export const CLOUD_PROVIDER = 'cloud';

/** Where Meta delivers a connection's webhooks on this server (the connection dialog shows it with the host). */
export const cloudWebhookPath = (connectionId: number): string => `/api/cloud-api/${connectionId}/webhook`;

/** Stateless HTTP both ways: no linking, no lease, webhooks in, Meta's message ids, templates outside 24 hours. */
export const CLOUD_CAPABILITIES: ProviderCapabilities = Object.freeze({
  linking: Object.freeze([] as const),
  longLivedSession: false,
  webhookDelivery: true,
  clientMessageIds: false,
  templates: true,
  serviceWindowHours: 24,
});
