import { expect } from '@jest/globals';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { waitFor } from './channels.js';
import type { Session } from './factories.js';
import type { TestApp } from './test-app.js';

/** The channel settings of a test app whose Cloud API connections call the Graph API fake on `graphPort`. */
export const cloudChannels = (graphPort: number) => ({
  leaseTtlMs: 9000,
  sweepIntervalMs: 2000,
  cloudApi: { graphBaseUrl: `http://127.0.0.1:${graphPort}`, graphVersion: DEFAULT_GRAPH_VERSION },
});

/** The four settings of a connection on the fake's first phone number. */
export const cloudSettings = (appSecret: string, accessToken = FAKE_ACCESS_TOKEN) => ({
  phoneNumberId: FAKE_PHONE_NUMBER_ID,
  businessAccountId: FAKE_BUSINESS_ACCOUNT_ID,
  accessToken,
  appSecret,
});

export const cloudWebhookUrl = (t: TestApp, connectionId: number) => `${t.baseUrl}/api/cloud-api/${connectionId}/webhook`;

/** Creates a Cloud API connection through the API as `admin` (201 expected) and answers its id. */
export async function createCloudConnection(t: TestApp, admin: Session, appSecret: string, name = 'Meta'): Promise<number> {
  const created = await t
    .http()
    .post('/api/whatsapp')
    .set(admin.auth)
    .send({ name, provider: 'cloud', cloud: cloudSettings(appSecret) });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

/** Starts the connection as the dialog does and waits for CONNECTED (the start reads the number from the fake). */
export async function startCloudConnection(t: TestApp, admin: Session, connectionId: number): Promise<void> {
  expect((await t.http().post(`/api/whatsappsession/${connectionId}`).set(admin.auth)).status).toBe(200);
  await waitFor(async () => {
    const rows = await t.em().getConnection().execute<Array<{ status: string }>>('select status from whatsapps where id = ?', [connectionId]);
    return rows[0]?.status === 'CONNECTED' ? true : null;
  });
}
