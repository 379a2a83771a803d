import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBrCode, staticBrCode } from '../../pix/br-code.js';
import { WebhookRejected } from '../payment-provider.port.js';
import { AsaasPaymentProvider } from './asaas-payment.provider.js';

// Answers and webhooks recorded from Asaas's documentation (test/fixtures/asaas/README.md names each source).
const fixture = (name: string) => readFileSync(new URL(`../../../../../test/fixtures/asaas/${name}.json`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>;

const API_KEY = 'test-asaas-api-key-0001';
const WEBHOOK_TOKEN = 'whk-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const TXID = 'K7Q2M9X4B8N1R5T3W6Y0Z2A4C';
const NOW = new Date('2026-11-24T15:00:00Z'); // 12:00 in Brasília

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body?: string;
  /** Never answer (the client's deadline must end the call). */
  hang?: boolean;
}

/** A local stand-in for the Asaas API: replays the recorded answers by "METHOD path" and records what it was sent. */
class ReplayServer {
  readonly requests: Recorded[] = [];
  private readonly replies = new Map<string, Reply>();
  private server!: Server;
  baseUrl = '';

  reply(method: string, path: string, reply: Reply): this {
    this.replies.set(`${method} ${path}`, reply);
    return this;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const reply = this.replies.get(`${req.method} ${req.url}`);
        if (reply?.hang) return;
        res.writeHead(reply?.status ?? 404, { 'content-type': 'application/json' });
        res.end(reply?.body ?? JSON.stringify({ errors: [{ code: 'not_found', description: `${req.method} ${req.url} not recorded` }] }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const provider = (server: ReplayServer, timeoutMs = 2000) =>
  new AsaasPaymentProvider({ baseUrl: server.baseUrl, apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN, timeoutMs, now: () => NOW });

const request = {
  txid: TXID,
  amount: '149.90',
  description: 'Fatura 42',
  payer: { name: 'Empresa Exemplo Ltda', email: 'financeiro@exemplo.com.br' },
  expiresInSeconds: 24 * 3600,
};

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as EMV MPM field 63 carries it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields of a BR Code, by id. */
function emvFields(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

describe('AsaasPaymentProvider.createCharge', () => {
  let server: ReplayServer;
  beforeEach(async () => {
    server = new ReplayServer();
    await server.start();
  });
  afterEach(() => server.stop());

  const replayPayment = () =>
    server
      .reply('POST', '/v3/customers', { status: 200, body: fixture('customer-created') })
      .reply('POST', '/v3/payments', { status: 200, body: fixture('payment-created') })
      .reply('GET', '/v3/payments/pay_080225913252/pixQrCode', { status: 200, body: fixture('payment-pix-qrcode') });

  it('creates the customer when none has the e-mail, then the Pix payment, then reads its QR Code', async () => {
    replayPayment().reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, body: fixture('customers-list-empty') });

    const charge = await provider(server).createCharge(request);

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v3/customers?email=financeiro%40exemplo.com.br',
      'POST /v3/customers',
      'POST /v3/payments',
      'GET /v3/payments/pay_080225913252/pixQrCode',
    ]);
    for (const sent of server.requests) {
      expect(sent.headers.access_token).toBe(API_KEY);
      expect(sent.headers['user-agent']).toMatch(/^atendechat/);
      expect(sent.headers.accept).toBe('application/json');
    }
    const [lookup, createCustomer, createPayment, qr] = server.requests;
    // Asaas refuses GET requests with a body.
    expect([lookup.body, qr.body]).toEqual(['', '']);
    expect(lookup.headers['content-type']).toBeUndefined();
    expect(createCustomer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(createCustomer.body)).toEqual({ name: 'Empresa Exemplo Ltda', email: 'financeiro@exemplo.com.br' });
    const payment = JSON.parse(createPayment.body);
    expect(payment).toEqual({
      customer: 'cus_000005219613',
      billingType: 'PIX',
      value: 149.9,
      dueDate: '2026-11-25',
      description: 'Fatura 42',
      externalReference: TXID,
    });
    expect(typeof payment.value).toBe('number');

    const recorded = json('payment-pix-qrcode') as { encodedImage: string; payload: string };
    expect(charge).toEqual({
      txid: TXID,
      providerChargeId: 'pay_080225913252',
      amount: '149.90',
      brCode: recorded.payload,
      qrDataUrl: `data:image/png;base64,${recorded.encodedImage}`,
      expiresAt: new Date('2027-11-26T02:59:59Z'), // 2027-11-25 23:59:59 in Brasília
    });
    expect(Buffer.from(recorded.encodedImage, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('reuses the customer Asaas already has for the e-mail', async () => {
    replayPayment().reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, body: fixture('customers-list-one') });
    const charge = await provider(server).createCharge(request);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v3/customers?email=financeiro%40exemplo.com.br',
      'POST /v3/payments',
      'GET /v3/payments/pay_080225913252/pixQrCode',
    ]);
    expect(JSON.parse(server.requests[1].body).customer).toBe('cus_000005219613');
    expect(charge.providerChargeId).toBe('pay_080225913252');
  });

  it('creates a customer by name alone when the payer has no e-mail', async () => {
    replayPayment();
    await provider(server).createCharge({ ...request, payer: { name: 'Empresa Exemplo Ltda', email: null } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)[0]).toBe('POST /v3/customers');
    expect(JSON.parse(server.requests[0].body)).toEqual({ name: 'Empresa Exemplo Ltda' });
  });

  it('hands over a BR Code whose CRC16-CCITT and layout are those of an Asaas dynamic Pix code', async () => {
    // The test's CRC agrees with pix-utils (through readBrCode) on a code it built.
    const known = staticBrCode({
      pixKey: 'financeiro@exemplo.com.br',
      merchantName: 'EMPRESA EXEMPLO',
      merchantCity: 'SAO PAULO',
      amount: '149.90',
      txid: TXID,
    }).payload;
    expect(readBrCode(known)).not.toBeNull();
    expect(crc16(known.slice(0, -4))).toBe(known.slice(-4));

    replayPayment().reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, body: fixture('customers-list-one') });
    const { brCode } = await provider(server).createCharge(request);
    expect(brCode.slice(-8, -4)).toBe('6304');
    expect(crc16(brCode.slice(0, -4))).toBe(brCode.slice(-4));
    const fields = emvFields(brCode);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: one payment only
    expect(fields.get('26')).toMatch(/^0014br\.gov\.bcb\.pix25\d\dpix\.asaas\.com\/qr\/cobv\//);
    expect(fields.get('53')).toBe('986');
    expect(fields.get('58')).toBe('BR');
    // A dynamic code's amount lives behind its URL, so pix-utils' static reader refuses it.
    expect(readBrCode(brCode)).toBeNull();
  });

  it("turns an HTTP 400 into an error naming the call and Asaas's error codes", async () => {
    server
      .reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, body: fixture('customers-list-one') })
      .reply('POST', '/v3/payments', { status: 400, body: fixture('error-400') });
    const error = await provider(server)
      .createCharge(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Asaas POST /payments answered 400: invalid_value: The value field must be informed; invalid_dueDate: The due date cannot be earlier than today',
    );
    expect((error as Error).message).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(2);
  });

  it('ends a call Asaas does not answer at the deadline', async () => {
    server.reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, hang: true });
    const started = Date.now();
    await expect(provider(server, 200).createCharge(request)).rejects.toThrow('Asaas GET /customers timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses answers that are not what Asaas sends', async () => {
    server
      .reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 200, body: fixture('customers-list-one') })
      .reply('POST', '/v3/payments', { status: 200, body: fixture('payment-created') })
      .reply('GET', '/v3/payments/pay_080225913252/pixQrCode', { status: 200, body: '{"success":true}' });
    await expect(provider(server).createCharge(request)).rejects.toThrow('Asaas pixQrCode of pay_080225913252 answered without an image or payload');

    server.reply('POST', '/v3/payments', { status: 200, body: '<html>502 Bad Gateway</html>' });
    await expect(provider(server).createCharge(request)).rejects.toThrow('Asaas POST /payments answered 200 with a body that is not JSON');

    server.reply('POST', '/v3/payments', { status: 200, body: fixture('payment-created').replace('"value": 149.9', '"value": 14.99') });
    await expect(provider(server).createCharge(request)).rejects.toThrow('Asaas created payment pay_080225913252 of 14.99 for 149.90');

    server.reply('GET', '/v3/customers?email=financeiro%40exemplo.com.br', { status: 401, body: '' });
    await expect(provider(server).createCharge(request)).rejects.toThrow('Asaas GET /customers answered 401: no error detail');
  });
});

describe('AsaasPaymentProvider.parseWebhook', () => {
  const asaas = new AsaasPaymentProvider({ baseUrl: 'http://127.0.0.1:9/v3', apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN });
  const webhook = (body: string, token: string | null = WEBHOOK_TOKEN) => ({
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'asaas-access-token': token }) },
    query: {},
    rawBody: Buffer.from(body),
  });

  it('reads PAYMENT_CONFIRMED and PAYMENT_RECEIVED of one Pix payment as the same transaction', () => {
    const confirmed = asaas.parseWebhook(webhook(fixture('webhook-payment-confirmed')));
    const received = asaas.parseWebhook(webhook(fixture('webhook-payment-received')));
    const expected = { transactionId: 'pay_080225913252', chargeId: 'K7Q2M9X4B8N1R5T3W6Y0Z2A4C', amount: '149.90', paidAt: new Date('2026-11-24T03:00:00Z') };
    expect(confirmed).toEqual([expected]);
    expect(received).toEqual([expected]);
  });

  it('answers nothing for other events and other billing types', () => {
    expect(asaas.parseWebhook(webhook(fixture('webhook-payment-created')))).toEqual([]);
    const boleto = json('webhook-payment-received') as { payment: Record<string, unknown> };
    boleto.payment.billingType = 'BOLETO';
    expect(asaas.parseWebhook(webhook(JSON.stringify(boleto)))).toEqual([]);
  });

  it('reads a completed refund and a chargeback as reversals of the payment, keyed apart from it and from each other', () => {
    const event = (name: string) => {
      const body = json('webhook-payment-received') as Record<string, unknown>;
      return asaas.parseWebhook(webhook(JSON.stringify({ ...body, event: name })));
    };
    const reversal = (kind: string) => ({
      reversal: kind,
      transactionId: `pay_080225913252:${kind}`,
      chargeId: 'K7Q2M9X4B8N1R5T3W6Y0Z2A4C',
      amount: '149.90',
      reversedAt: new Date('2026-11-24T13:15:03Z'),
    });
    expect(event('PAYMENT_REFUNDED')).toEqual([reversal('refund')]);
    expect(event('PAYMENT_CHARGEBACK_REQUESTED')).toEqual([reversal('chargeback')]);
    expect(event('PAYMENT_CHARGEBACK_DISPUTE')).toEqual([reversal('chargeback')]);
    for (const pending of ['PAYMENT_REFUND_IN_PROGRESS', 'PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_AWAITING_CHARGEBACK_REVERSAL', 'PAYMENT_REFUND_DENIED']) {
      expect([pending, event(pending)]).toEqual([pending, []]);
    }
  });

  it('formats the amount with two decimals', () => {
    const whole = json('webhook-payment-received') as { payment: Record<string, unknown> };
    whole.payment.value = 100;
    expect(asaas.parseWebhook(webhook(JSON.stringify(whole)))[0].amount).toBe('100.00');
  });

  it('refuses a wrong, missing or empty token, whatever the body', () => {
    const body = fixture('webhook-payment-received');
    for (const token of ['whk-9f8e7d6c5b4a39281706f5e4d3c2b1a1', 'short', '', null]) {
      expect(() => asaas.parseWebhook(webhook(body, token))).toThrow(WebhookRejected);
    }
    expect(() => asaas.parseWebhook({ ...webhook(body), headers: { 'asaas-access-token': [WEBHOOK_TOKEN, WEBHOOK_TOKEN] as unknown as string } })).toThrow(
      WebhookRejected,
    );
  });

  it('refuses a body that is not JSON or not an Asaas event, and a paid event without a usable payment', () => {
    expect(() => asaas.parseWebhook(webhook('event=PAYMENT_RECEIVED'))).toThrow(new WebhookRejected('body is not JSON'));
    expect(() => asaas.parseWebhook(webhook('[1,2]'))).toThrow(new WebhookRejected('not an Asaas event'));
    const noValue = json('webhook-payment-received') as { payment: Record<string, unknown> };
    noValue.payment.value = '149.90';
    expect(() => asaas.parseWebhook(webhook(JSON.stringify(noValue)))).toThrow(new WebhookRejected('malformed payment'));
  });

  it('will not start without its secrets', () => {
    expect(() => new AsaasPaymentProvider({ baseUrl: 'http://127.0.0.1:9/v3', apiKey: '', webhookToken: WEBHOOK_TOKEN })).toThrow(
      'Asaas API key is not configured',
    );
    expect(() => new AsaasPaymentProvider({ baseUrl: 'http://127.0.0.1:9/v3', apiKey: API_KEY, webhookToken: '' })).toThrow(
      'Asaas webhook token is not configured',
    );
  });
});
