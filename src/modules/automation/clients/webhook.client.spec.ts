import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type FakeWebhook, startFakeWebhook, unreachableUrl } from '../../../../test/utils/fake-services.js';
import type { AppConfig } from '../../../config/app-config.js';
import { OutboundUrlPolicy } from './outbound-url-policy.js';
import { type IntegrationEvent, WebhookClient } from './webhook.client.js';

const event: IntegrationEvent = {
  event: 'message.received',
  company: { id: 1 },
  connection: { id: 2, name: 'Comercial' },
  ticket: { id: 3, uuid: '6f1c0a4e-0000-4000-8000-000000000000', status: 'pending', queueId: 4, protocol: '20260101-3' },
  contact: { id: 5, name: 'Maria', number: '5511999999999' },
  message: { id: 6, body: 'Olá', mediaType: 'chat', mediaUrl: null, fromMe: false, createdAt: '2026-01-01T12:00:00.000Z' },
};

describe('WebhookClient', () => {
  let fake: FakeWebhook;
  const client = new WebhookClient();

  beforeAll(async () => {
    fake = await startFakeWebhook();
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('POSTs the event as JSON', async () => {
    await client.deliver(`${fake.url}/webhook/abc?x=1`, event);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/webhook/abc?x=1', body: event });
    expect(fake.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it.each([
    [{ messages: ['Oi', { text: 'Tudo bem?' }, { image: 'x' }, '', 7] }, ['Oi', 'Tudo bem?']],
    [{ reply: 'Recebido' }, ['Recebido']],
    [{ reply: '' }, []],
    [{}, []],
    [[{ text: 'array at the top' }], []],
    ['not json', []],
    ['', []],
  ])('reads %j as %j', async (body, replies) => {
    fake.reply(body);
    expect(await client.deliver(`${fake.url}/hook`, event)).toEqual(replies);
  });

  it('throws with the status and a body excerpt on an error answer', async () => {
    fake.fail(500, `Workflow failed ${'x'.repeat(500)}`);
    const error = await client.deliver(`${fake.url}/hook`, event).then(
      () => new Error('no failure'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/^Webhook answered 500: Workflow failed x+…$/);
    expect(error.message.length).toBeLessThan(240);
  });

  it('refuses an answer over 1 MB', async () => {
    fake.reply({ messages: ['x'.repeat(1024 * 1024)] });
    await expect(client.deliver(`${fake.url}/hook`, event)).rejects.toThrow('Webhook answered more than 1 MB');
  });

  it('refuses a name that turns private between the check and the connection (DNS rebinding)', async () => {
    const answers = ['93.184.216.34', '127.0.0.1'];
    const policy = new OutboundUrlPolicy({ automation: { allowPrivateNetworks: false } } as AppConfig, async () => [
      { address: answers.shift() ?? '127.0.0.1', family: 4 },
    ]);
    try {
      const port = new URL(fake.url).port;
      await expect(new WebhookClient(policy).deliver(`http://n8n.rebind.test:${port}/hook`, event)).rejects.toThrow(
        'n8n.rebind.test is a private network address, which this server does not call',
      );
      expect(answers).toEqual([]);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await policy.onModuleDestroy();
    }
  });

  it('throws when nothing listens', async () => {
    await expect(client.deliver(`${await unreachableUrl()}/hook`, event)).rejects.toThrow('Webhook unreachable: ECONNREFUSED');
  });
});
