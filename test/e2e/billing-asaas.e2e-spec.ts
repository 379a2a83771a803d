import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { addMonths } from '../../src/shared/recurrence.js';
import { companyDueDate, invoiceFor } from '../utils/billing.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const fixture = (name: string) => JSON.parse(readFileSync(`test/fixtures/asaas/${name}.json`, 'utf8')) as Record<string, unknown>;
const WEBHOOK_TOKEN = 'asaas-webhook-token-for-tests-0123456789';
const DAY = 24 * 3600 * 1000;

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

/** Asaas's v3 API as recorded (test/fixtures/asaas), echoing what a payment was created with. */
async function fakeAsaas(): Promise<{ url: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push(`${req.method} ${req.url}`);
    const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (req.headers.access_token !== 'test-api-key') return send(401, fixture('error-400'));
    if (req.method === 'GET' && req.url?.startsWith('/v3/customers')) return send(200, fixture('customers-list-empty'));
    if (req.method === 'POST' && req.url === '/v3/customers') return send(200, fixture('customer-created'));
    if (req.method === 'POST' && req.url === '/v3/payments')
      return send(200, { ...fixture('payment-created'), value: body.value, externalReference: body.externalReference });
    if (req.method === 'GET' && /^\/v3\/payments\/[^/]+\/pixQrCode$/.test(req.url ?? '')) {
      return send(200, { ...fixture('payment-pix-qrcode'), expirationDate: new Date(Date.now() + DAY).toISOString().slice(0, 19).replace('T', ' ') });
    }
    send(404, fixture('error-400'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, server, requests };
}

describe('billing through Asaas', () => {
  let t: TestApp;
  let asaas: Awaited<ReturnType<typeof fakeAsaas>>;
  let tenant: TenantFixture;
  let admin: Session;

  beforeAll(async () => {
    asaas = await fakeAsaas();
    t = await createTestApp({
      billing: {
        ...(await import('../../src/config/app-config.js')).loadConfig({ NODE_ENV: 'test' }).billing,
        provider: 'asaas',
        asaas: { baseUrl: asaas.url, apiKey: 'test-api-key', webhookToken: WEBHOOK_TOKEN },
      },
    });
    tenant = await createTenant(t, { plan: { value: 149.9 }, company: { email: 'financeiro@loja.example' } });
    admin = await login(t, tenant.admin.email);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => asaas.server.close(resolve));
  });

  it('charges through Asaas and applies its webhook once, authenticated by its token', async () => {
    const invoice: Invoice = await invoiceFor(t, tenant.company.id, new Date(Date.now() + 5 * DAY));
    const dueBefore = (await companyDueDate(t, tenant.company.id))!;
    const charge = await t.http().post('/api/subscription').set(admin.auth).send({ invoiceId: invoice.id });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ provider: 'asaas', valor: { original: '149.90' } });
    expect(charge.body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    expect(asaas.requests).toEqual([
      'GET /v3/customers?email=financeiro%40loja.example',
      'POST /v3/customers',
      'POST /v3/payments',
      expect.stringMatching(/^GET \/v3\/payments\/.+\/pixQrCode$/),
    ]);

    const event = fixture('webhook-payment-received') as { payment: Record<string, unknown> };
    const body = { ...event, payment: { ...event.payment, externalReference: charge.body.txid, value: 149.9 } };
    const post = (token?: string) => {
      const req = t.http().post('/api/payments/webhook/asaas');
      return (token ? req.set('asaas-access-token', token) : req).send(body);
    };
    expect((await post()).status).toBe(401);
    expect((await post('wrong-token-wrong-token')).status).toBe(401);
    expect((await post(WEBHOOK_TOKEN)).body).toEqual({ received: 1, outcomes: ['applied'] });
    // Asaas sends PAYMENT_CONFIRMED and PAYMENT_RECEIVED for one payment: the second is a replay.
    const confirmed = { ...body, event: 'PAYMENT_CONFIRMED' };
    expect((await t.http().post('/api/payments/webhook/asaas').set('asaas-access-token', WEBHOOK_TOKEN).send(confirmed)).body.outcomes).toEqual(['replayed']);
    expect((await t.em().findOneOrFail(Invoice, invoice.id, { filters: false })).status).toBe('paid');
    expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 1).toISOString());
  });

  it('takes a payment back on a chargeback or a completed refund, once, and not while a refund is only under way', async () => {
    const invoice: Invoice = await invoiceFor(t, tenant.company.id, new Date(Date.now() + 9 * DAY));
    const dueBefore = (await companyDueDate(t, tenant.company.id))!;
    const charge = await t.http().post('/api/subscription').set(admin.auth).send({ invoiceId: invoice.id });
    const received = fixture('webhook-payment-received') as { payment: Record<string, unknown> };
    const payment = { ...received.payment, id: 'pay_chargeback_001', externalReference: charge.body.txid, value: 149.9 };
    const send = async (event: string, status: string) =>
      (
        await t
          .http()
          .post('/api/payments/webhook/asaas')
          .set('asaas-access-token', WEBHOOK_TOKEN)
          .send({ ...received, id: `evt_${event}`, event, dateCreated: '2026-11-26 09:30:00', payment: { ...payment, status } })
      ).body as { received: number; outcomes: string[] };
    const dueDate = async () => (await companyDueDate(t, tenant.company.id))!.toISOString();
    const status = async () => (await t.em().fork().findOneOrFail(Invoice, invoice.id, { filters: false })).status;

    expect((await send('PAYMENT_RECEIVED', 'RECEIVED')).outcomes).toEqual(['applied']);
    expect(await dueDate()).toBe(addMonths(dueBefore, 1).toISOString());
    // Not yet, or not a cancellation: a refund under way may still be denied; a partial refund is a discount.
    expect(await send('PAYMENT_REFUND_IN_PROGRESS', 'REFUND_IN_PROGRESS')).toEqual({ received: 0, outcomes: [] });
    expect(await send('PAYMENT_PARTIALLY_REFUNDED', 'RECEIVED')).toEqual({ received: 0, outcomes: [] });
    expect(await status()).toBe('paid');

    expect((await send('PAYMENT_CHARGEBACK_REQUESTED', 'CHARGEBACK_REQUESTED')).outcomes).toEqual(['refunded']);
    expect(await status()).toBe('refunded');
    expect(await dueDate()).toBe(dueBefore.toISOString());
    // The dispute is the same chargeback; a refund after it finds the payment already taken back.
    expect((await send('PAYMENT_CHARGEBACK_DISPUTE', 'CHARGEBACK_DISPUTE')).outcomes).toEqual(['replayed']);
    expect((await send('PAYMENT_REFUNDED', 'REFUNDED')).outcomes).toEqual(['already_refunded']);
    expect((await send('PAYMENT_RECEIVED', 'RECEIVED')).outcomes).toEqual(['replayed']);
    expect(await dueDate()).toBe(dueBefore.toISOString());
    expect(await status()).toBe('refunded');
  });
});
