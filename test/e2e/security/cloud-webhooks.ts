import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../../src/channels/cloud-api/fake-graph-fixtures.js';
import { SIGNATURE_HEADER, signWebhook } from '../../../src/channels/cloud-api/webhook-signature.js';
import type { LeaseCluster, Proc } from './lease-cluster.js';

export const APP_SECRET = 'meta-app-secret-of-the-drainer-test';

/** One `changes[].value` of the business number, in Meta's envelope. */
export function envelope(value: Record<string, unknown>, phoneNumberId = FAKE_PHONE_NUMBER_ID): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

const seconds = () => String(Math.floor(Date.now() / 1000));

export const textMessage = (from: string, id: string, body: string) =>
  envelope({
    contacts: [{ wa_id: from, profile: { name: `Cliente ${from.slice(-3)}` } }],
    messages: [{ from, id, timestamp: seconds(), type: 'text', text: { body } }],
  });

export const statusOf = (id: string, recipient: string, status: 'sent' | 'delivered' | 'read') =>
  envelope({ statuses: [{ id, status, timestamp: seconds(), recipient_id: recipient }] });

/** A Cloud API connection of the cluster's company with the test's app secret (created through the API). */
export async function createCloudConnection(cluster: LeaseCluster, api: Proc): Promise<number> {
  const res = await fetch(`${api.baseUrl}/api/whatsapp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cluster.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Meta',
      provider: 'cloud',
      cloud: { phoneNumberId: FAKE_PHONE_NUMBER_ID, businessAccountId: FAKE_BUSINESS_ACCOUNT_ID, accessToken: FAKE_ACCESS_TOKEN, appSecret: APP_SECRET },
    }),
  });
  if (res.status !== 201) throw new Error(`creating the Cloud API connection answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Posts a body to a process's webhook route, signed unless `signature` is given; 0 when the process did not answer. */
export async function postWebhook(proc: Proc, connectionId: number, body: Buffer | string | object, signature?: string | null): Promise<number> {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[SIGNATURE_HEADER] = signature ?? signWebhook(raw, APP_SECRET);
  try {
    const res = await fetch(`${proc.baseUrl}/api/cloud-api/${connectionId}/webhook`, { method: 'POST', headers, body: raw });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The process whose pid the connection's drainer lease names (its holder is `{host}:{pid}/{random}`). */
export async function drainerOf(cluster: LeaseCluster, connectionId: number): Promise<{ holder: string | null; proc: Proc | undefined }> {
  const holder = await cluster.redis.get(`lease:drainer:${connectionId}`);
  const pid = holder ? Number(/:(\d+)\//.exec(holder)?.[1]) : Number.NaN;
  return { holder, proc: cluster.procs.find((p) => p.server.child.pid === pid) };
}
