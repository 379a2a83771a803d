import type { AppConfig } from '../../config/app-config.js';
import { cloudWebhookPath } from './cloud-provider.js';
import { type FakeGraphApi, startFakeGraphApi } from './fake-graph-api.js';
import { FAKE_APP_SECRET } from './fake-graph-fixtures.js';

/**
 * Whether `npm start` runs the local Graph API fake for the demo's Cloud API connection: demo data on, outside
 * production and tests, in the process that runs everything, and only when no Graph API address was given.
 */
export function wantsDemoGraphApi(config: AppConfig, env: Record<string, string | undefined>): boolean {
  return config.demoData && !config.isProduction && config.nodeEnv !== 'test' && config.role === 'all' && !env.CLOUD_API_GRAPH_URL;
}

/**
 * The fake in this process, on a free loopback port, posting its signed webhooks (statuses, and the customers that
 * `npm run simulate -- --cloud` plays) to this server's webhook of the demo connection.
 */
export function startDemoGraphApi(config: AppConfig, connectionId: number): Promise<FakeGraphApi> {
  return startFakeGraphApi({
    appSecret: FAKE_APP_SECRET,
    version: config.channels.cloudApi?.graphVersion,
    webhookUrl: `http://127.0.0.1:${config.port}${cloudWebhookPath(connectionId)}`,
    // It runs as long as the server: its logs and files stay bounded (a file is fetched minutes after its upload).
    keep: 200,
  });
}
