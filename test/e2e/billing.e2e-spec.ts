import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Company } from '../../src/modules/companies/company.entity.js';
import { InvoiceGenerator } from '../../src/modules/invoices/invoice-generator.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { PaymentCharge } from '../../src/modules/invoices/payment-charge.entity.js';
import { PaymentTransaction } from '../../src/modules/invoices/payment-transaction.entity.js';
import { InvoicesRepository } from '../../src/modules/invoices/invoices.repository.js';
import { readBrCode } from '../../src/modules/invoices/pix/br-code.js';
import { signedSandboxRefund } from '../../src/modules/invoices/providers/sandbox/sandbox-payment.provider.js';
import type { PaymentEventPayload } from '../../src/shared/billing-api-types.js';
import { DEFAULT_TIME_ZONE, dayFromToday } from '../../src/shared/due-date.js';
import { addMonths } from '../../src/shared/recurrence.js';
import { companyDueDate, crc16, emvFields, invoiceFor, sandboxWebhook } from '../utils/billing.js';
import { createTenant, createUser, login, type Session, type TenantFixture } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

const DAY = 24 * 3600 * 1000;
const SECRET_HEADER = 'x-simulator-secret';

/** The Banco Central's published BR Code example (Manual de Padrões para Iniciação do Pix, static QR). */
const BCB_EXAMPLE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000 * TIME_FACTOR): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} not received`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every event a socket receives, to prove that some did not arrive. */
function recorder(socket: Socket): string[] {
  const seen: string[] = [];
  socket.onAny((event: string) => seen.push(event));
  return seen;
}

describe('billing', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t, { plan: { value: 149.9, name: 'Plano Ouro' } });
    b = await createTenant(t, { plan: { value: 99 } });
    [adminA, userA, adminB] = [await login(t, a.admin.email), await login(t, a.user.email), await login(t, b.admin.email)];
  });
  afterAll(() => t.close());

  const order = (session: Session, body: Record<string, unknown>) => t.http().post('/api/subscription').set(session.auth).send(body);

  describe('BR Code', () => {
    it('computes the CRC16 of the published example and reads its fields', () => {
      expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
      expect(readBrCode(BCB_EXAMPLE)).toMatchObject({
        pixKey: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: '***',
      });
      expect(readBrCode(`${BCB_EXAMPLE.slice(0, -4)}1D3E`)).toBeNull();
    });

    it('issues a charge whose BR Code has the layout of the example, the invoice amount, the txid and a valid CRC', async () => {
      const invoice = await invoiceFor(t, a.company.id, new Date(Date.now() + 10 * DAY));
      const res = await order(adminA, { invoiceId: invoice.id, firstName: 'Maria', lastName: 'Silva', city: 'Recife', zipcode: '50000-000', country: 'BR' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ invoiceId: invoice.id, provider: 'sandbox', valor: { original: '149.90' } });
      expect(res.body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

      const payload: string = res.body.qrcode.qrcode;
      const fields = emvFields(payload);
      expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
      expect(fields.get('00')).toBe('01');
      const account = emvFields(fields.get('26')!);
      expect(account.get('00')).toBe('br.gov.bcb.pix');
      expect(account.get('01')).toBe(t.config.billing.pix.key);
      expect(fields.get('52')).toBe('0000');
      expect(fields.get('53')).toBe('986');
      expect(fields.get('54')).toBe('149.90');
      expect(fields.get('58')).toBe('BR');
      expect(emvFields(fields.get('62')!).get('05')).toBe(res.body.txid);
      expect(res.body.txid).toMatch(/^[A-Za-z0-9]{25}$/);
      expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
    });
  });

  describe('the daily invoice run', () => {
    it('issues one invoice per company and due date, from the plan, whatever how often it runs', async () => {
      const c = await createTenant(t, { plan: { value: 50, name: 'Plano Anual' }, company: { dueDate: new Date(Date.now() + 5 * DAY), recurrence: 'ANUAL' } });
      const far = await createTenant(t, { company: { dueDate: new Date(Date.now() + 25 * DAY) } });
      const disabled = await createTenant(t, { company: { dueDate: new Date(Date.now() + 2 * DAY), status: false } });
      const generator = t.app.get(InvoiceGenerator);

      await Promise.all([generator.issue(), generator.issue(), generator.issue(), generator.issue()]);
      await generator.issue();
      const invoices = await t.em().find(Invoice, { company: { $in: [c.company.id, far.company.id, disabled.company.id] } }, { filters: false });
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ value: 600, detail: 'Plano Anual', status: 'open' });
      expect(invoices[0]!.company.id).toBe(c.company.id);
      expect(invoices[0]!.dueDate.getTime()).toBe(c.company.dueDate!.getTime());
    });

    it('runs once a day: a second call the same day does nothing', async () => {
      const generator = t.app.get(InvoiceGenerator);
      // A day long past: its run issues nothing for the companies of the other tests.
      const day = new Date('2020-03-04T10:00:00Z');
      expect(await generator.runToday(day)).toBe(true);
      expect(await generator.runToday(day)).toBe(false);
    });
  });

  describe('invoices', () => {
    it('lists the company’s own invoices in both dialects and answers 404 for another company’s', async () => {
      const invoiceB = await invoiceFor(t, b.company.id, new Date(Date.now() + 3 * DAY));
      const spec = await t.http().get('/api/invoices/all').query({ searchParam: '', pageNumber: 1 }).set(adminA.auth);
      expect(spec.status).toBe(200);
      expect(spec.body.hasMore).toBe(false);
      expect(spec.body.count).toBe(spec.body.invoices.length);
      expect(spec.body.invoices.length).toBeGreaterThan(0);
      expect(spec.body.invoices.map((i: { id: number }) => i.id)).not.toContain(invoiceB.id);

      const ra = await t.http().get('/api/invoices').query({ range: '[0,0]', sort: '["dueDate","DESC"]' }).set(adminB.auth);
      expect(ra.body).toEqual([expect.objectContaining({ id: invoiceB.id, value: 99, status: 'open' })]);
      expect(ra.headers['content-range']).toBe('invoices 0-0/1');

      expect((await t.http().get(`/api/invoices/${invoiceB.id}`).set(adminA.auth)).status).toBe(404);
      expect((await t.http().get(`/api/invoices/${invoiceB.id}`).set(adminB.auth)).body.id).toBe(invoiceB.id);
    });

    it('refuses attendants and bad input', async () => {
      expect((await t.http().get('/api/invoices/all').set(userA.auth)).status).toBe(403);
      expect((await t.http().get('/api/subscription').set(userA.auth)).status).toBe(403);
      expect((await t.http().get('/api/invoices/abc').set(adminA.auth)).status).toBe(400);
      expect((await t.http().get('/api/invoices').query({ sort: '["password","ASC"]' }).set(adminA.auth)).status).toBe(400);
    });
  });

  describe('POST /subscription', () => {
    it('charges the invoice’s value whatever the browser sent, and answers the same charge while it is payable', async () => {
      const invoice = await t.em().findOneOrFail(Invoice, { company: a.company.id, status: 'open' }, { filters: false });
      const first = await order(adminA, { invoiceId: invoice.id, price: 0.01, plan: '{"price":0.01}', users: 1, connections: 1 });
      expect(first.body.valor.original).toBe('149.90');
      const again = await order(adminA, { invoiceId: invoice.id });
      expect(again.body.txid).toBe(first.body.txid);
    });

    it('refuses bad input, attendants and other companies’ invoices', async () => {
      const invoice = await t.em().findOneOrFail(Invoice, { company: a.company.id, status: 'open' }, { filters: false });
      expect((await order(adminA, {})).status).toBe(400);
      expect((await order(adminA, { invoiceId: 'x' })).status).toBe(400);
      expect((await order(adminA, { invoiceId: invoice.id, country: 'Marte' })).status).toBe(400);
      expect((await order(adminA, { invoiceId: invoice.id, amount: 1 })).status).toBe(400);
      expect((await order(adminA, { invoiceId: invoice.id, zipcode: 'x'.repeat(500) })).status).toBe(400);
      expect((await order(userA, { invoiceId: invoice.id })).status).toBe(403);
      const other = await order(adminB, { invoiceId: invoice.id });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('ERR_NO_INVOICE_FOUND');
    });
  });

  describe('payment webhook', () => {
    let invoice: Invoice;
    let txid: string;
    let dueBefore: Date;

    beforeAll(async () => {
      invoice = await t.em().findOneOrFail(Invoice, { company: a.company.id, status: 'open' }, { filters: false });
      txid = (await order(adminA, { invoiceId: invoice.id })).body.txid;
      dueBefore = (await companyDueDate(t, a.company.id))!;
    });

    const unchanged = async () => {
      expect((await t.em().findOneOrFail(Invoice, invoice.id, { filters: false })).status).toBe('open');
      expect((await companyDueDate(t, a.company.id))!.getTime()).toBe(dueBefore.getTime());
    };

    it('refuses unsigned, wrongly signed and tampered webhooks, and unknown providers', async () => {
      const body = { event: 'PIX_RECEIVED', endToEndId: 'E1', txid, amount: '149.90', paidAt: new Date().toISOString() };
      expect((await t.http().post('/api/payments/webhook/sandbox').send(body)).status).toBe(401);
      expect((await sandboxWebhook(t, { endToEndId: 'E2', txid, amount: '149.90' }, 'x'.repeat(64))).status).toBe(401);
      const signed = await sandboxWebhook(t, { endToEndId: 'E3', txid, amount: '1.00' }, t.config.billing.sandboxSecret);
      expect(signed.body.outcomes).toEqual(['amount_mismatch']);
      // The same signature over another body: the signature no longer matches.
      const forged = await t
        .http()
        .post('/api/payments/webhook/sandbox')
        .set('content-type', 'application/json')
        .set('x-sandbox-signature', signed.request.getHeader('x-sandbox-signature') as string)
        .send(JSON.stringify({ ...body, endToEndId: 'E3', amount: '149.90' }));
      expect(forged.status).toBe(401);
      expect(forged.body.error).toBe('ERR_WEBHOOK_UNAUTHORIZED');
      expect((await t.http().post('/api/payments/webhook/nobody').send(body)).status).toBe(404);
      await unchanged();
      const logged = await t.em().find(PaymentTransaction, { transactionId: { $in: ['E1', 'E2', 'E3'] } });
      expect(logged.map((row) => [row.transactionId, row.outcome])).toEqual([['E3', 'amount_mismatch']]);
    });

    it('pays the invoice once, moves the due date by the recurrence and tells the company’s admins only', async () => {
      const sockets = [await connectSocket(t, adminA.token), await connectSocket(t, userA.token), await connectSocket(t, adminB.token)];
      try {
        const [seenByUser, seenByB] = [recorder(sockets[1]!), recorder(sockets[2]!)];
        const event = nextEvent<PaymentEventPayload>(sockets[0]!, `company-${a.company.id}-payment`);
        const paid = await sandboxWebhook(t, { endToEndId: 'E4', txid, amount: '149.90' });
        expect(paid.body).toEqual({ received: 1, outcomes: ['applied'] });
        const expected = addMonths(dueBefore, 1);
        expect(await event).toEqual({ action: 'CONCLUIDA', invoiceId: invoice.id, company: { id: a.company.id, dueDate: expected.toISOString() } });
        expect((await companyDueDate(t, a.company.id))!.toISOString()).toBe(expected.toISOString());
        const stored = await t.em().findOneOrFail(Invoice, invoice.id, { filters: false });
        expect(stored.status).toBe('paid');
        expect(stored.paidAt).not.toBeNull();
        expect((await t.em().findOneOrFail(PaymentCharge, { txid }, { filters: false })).status).toBe('paid');

        // Replayed, or paid again by another transaction: nothing moves.
        expect((await sandboxWebhook(t, { endToEndId: 'E4', txid, amount: '149.90' })).body.outcomes).toEqual(['replayed']);
        expect((await sandboxWebhook(t, { endToEndId: 'E5', txid, amount: '149.90' })).body.outcomes).toEqual(['already_paid']);
        expect((await companyDueDate(t, a.company.id))!.toISOString()).toBe(expected.toISOString());
        expect((await order(adminA, { invoiceId: invoice.id })).body.error).toBe('ERR_INVOICE_ALREADY_PAID');
        expect(seenByUser).not.toContain(`company-${a.company.id}-payment`);
        expect(seenByB.filter((e) => e.endsWith('-payment'))).toEqual([]);
      } finally {
        for (const socket of sockets) socket.disconnect();
      }
    });

    it('pays through the dev endpoint only with the simulator secret', async () => {
      const invoiceB = await t.em().findOneOrFail(Invoice, { company: b.company.id, status: 'open' }, { filters: false });
      await order(adminB, { invoiceId: invoiceB.id });
      expect((await t.http().post('/api/dev/payments/pay').send({ invoiceId: invoiceB.id })).status).toBe(401);
      expect((await t.http().post('/api/dev/payments/pay').set(SECRET_HEADER, 'wrong').send({ invoiceId: invoiceB.id })).status).toBe(401);
      expect((await t.http().post('/api/dev/payments/pay').set(SECRET_HEADER, t.config.simulatorSecret!).send({ txid: 'bad txid!' })).status).toBe(400);
      const paid = await t.http().post('/api/dev/payments/pay').set(SECRET_HEADER, t.config.simulatorSecret!).send({ invoiceId: invoiceB.id });
      expect(paid.body.outcome).toBe('applied');
      expect((await t.em().findOneOrFail(Invoice, invoiceB.id, { filters: false })).status).toBe('paid');
    });
  });

  describe('refunds and chargebacks', () => {
    const refund = (txid: string, rtrId: string, amount: string, reason?: string) => {
      const { body, headers } = signedSandboxRefund(t.config.billing.sandboxSecret, {
        rtrId,
        endToEndId: `E${rtrId}`,
        txid,
        amount,
        refundedAt: new Date().toISOString(),
        ...(reason ? { reason } : {}),
      });
      return t.http().post('/api/payments/webhook/sandbox').set(headers).send(body);
    };
    const invoiceState = async (id: number) => {
      const stored = await t.em().fork().findOneOrFail(Invoice, id, { filters: false });
      return { status: stored.status, refunded: stored.refundedAt !== null };
    };
    const chargeStatus = async (txid: string) => (await t.em().fork().findOneOrFail(PaymentCharge, { txid }, { filters: false })).status;

    it('takes a refunded payment back in one transaction: invoice refunded, due date back, replays change nothing', async () => {
      const tenant = await createTenant(t, { plan: { value: 50 } });
      const admin = await login(t, tenant.admin.email);
      const invoice = await invoiceFor(t, tenant.company.id, new Date(Date.now() + 5 * DAY));
      const dueBefore = (await companyDueDate(t, tenant.company.id))!;
      const { txid } = (await order(admin, { invoiceId: invoice.id })).body as { txid: string };
      expect((await sandboxWebhook(t, { endToEndId: 'ER-PAY-1', txid, amount: '50.00' })).body.outcomes).toEqual(['applied']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 1).toISOString());

      // A crash before the commit leaves everything as it was, the reversal unrecorded: the provider's retry applies it.
      const repository = t.app.get(InvoicesRepository);
      const markRefunded = repository.markRefunded;
      repository.markRefunded = async function (this: InvoicesRepository, ...args: Parameters<InvoicesRepository['markRefunded']>) {
        await markRefunded.apply(this, args);
        throw new Error('crash after the writes, before the commit');
      };
      try {
        expect((await refund(txid, 'DR-1', '50.00')).status).toBe(500);
      } finally {
        repository.markRefunded = markRefunded;
      }
      expect(await invoiceState(invoice.id)).toEqual({ status: 'paid', refunded: false });
      expect(await chargeStatus(txid)).toBe('paid');
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 1).toISOString());

      expect((await refund(txid, 'DR-1', '50.00')).body).toEqual({ received: 1, outcomes: ['refunded'] });
      expect(await invoiceState(invoice.id)).toEqual({ status: 'refunded', refunded: true });
      expect(await chargeStatus(txid)).toBe('refunded');
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(dueBefore.toISOString());
      expect((await t.http().get(`/api/invoices/${invoice.id}`).set(admin.auth)).body).toMatchObject({ status: 'refunded', refundedAt: expect.any(String) });

      // Replayed, or reported again as a chargeback: nothing moves.
      expect((await refund(txid, 'DR-1', '50.00')).body.outcomes).toEqual(['replayed']);
      expect((await refund(txid, 'DR-2', '50.00', 'MED_FRAUDE')).body.outcomes).toEqual(['already_refunded']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(dueBefore.toISOString());
      const log = await t
        .em()
        .fork()
        .find(PaymentTransaction, { companyId: tenant.company.id }, { orderBy: { id: 'ASC' } });
      expect(log.map((row) => [row.kind, row.outcome])).toEqual([
        ['payment', 'applied'],
        ['refund', 'refunded'],
        ['chargeback', 'already_refunded'],
      ]);

      // The period is owed again: the refunded invoice is paid with a new charge, and then a chargeback takes it back.
      const again = (await order(admin, { invoiceId: invoice.id })).body as { txid: string };
      expect(again.txid).not.toBe(txid);
      expect((await sandboxWebhook(t, { endToEndId: 'ER-PAY-2', txid: again.txid, amount: '50.00' })).body.outcomes).toEqual(['applied']);
      expect(await invoiceState(invoice.id)).toEqual({ status: 'paid', refunded: true });
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 1).toISOString());
      expect((await refund(again.txid, 'DR-3', '50.00', 'MED_FRAUDE')).body.outcomes).toEqual(['refunded']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(dueBefore.toISOString());
      expect((await t.em().fork().findOneOrFail(PaymentTransaction, { transactionId: 'DR-3' })).kind).toBe('chargeback');
    });

    it('withdraws only the time the refunded payment granted when later payments stand, and touches no other company', async () => {
      const tenant = await createTenant(t, { plan: { value: 40 } });
      const admin = await login(t, tenant.admin.email);
      const first = await invoiceFor(t, tenant.company.id, new Date(Date.now() + 5 * DAY));
      const dueBefore = (await companyDueDate(t, tenant.company.id))!;
      const firstTxid = (await order(admin, { invoiceId: first.id })).body.txid as string;
      expect((await sandboxWebhook(t, { endToEndId: 'EL-PAY-1', txid: firstTxid, amount: '40.00' })).body.outcomes).toEqual(['applied']);
      // The next period's invoice, paid ahead of time.
      await t.app.get(InvoiceGenerator).issue(new Date(Date.now() + 30 * DAY));
      const second = await t
        .em()
        .fork()
        .findOneOrFail(Invoice, { company: tenant.company.id, dueDate: addMonths(dueBefore, 1) }, { filters: false });
      const secondTxid = (await order(admin, { invoiceId: second.id })).body.txid as string;
      expect((await sandboxWebhook(t, { endToEndId: 'EL-PAY-2', txid: secondTxid, amount: '40.00' })).body.outcomes).toEqual(['applied']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 2).toISOString());
      const other = await createTenant(t, { plan: { value: 99 } });
      const openOther = await invoiceFor(t, other.company.id, new Date(Date.now() + 6 * DAY));
      const otherDue = await companyDueDate(t, other.company.id);

      expect((await refund(firstTxid, 'DL-1', '40.00')).body.outcomes).toEqual(['refunded']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(addMonths(dueBefore, 1).toISOString());
      expect((await invoiceState(first.id)).status).toBe('refunded');
      expect((await invoiceState(second.id)).status).toBe('paid');
      // The later payment now counts from the refunded one's start: refunding it too gives the original due date.
      expect((await refund(secondTxid, 'DL-2', '40.00')).body.outcomes).toEqual(['refunded']);
      expect((await companyDueDate(t, tenant.company.id))!.toISOString()).toBe(dueBefore.toISOString());

      // A charge whose payment changed nothing, and one nobody issued, take nothing back.
      const txidOther = (await order(await login(t, other.admin.email), { invoiceId: openOther.id })).body.txid as string;
      expect((await refund(txidOther, 'DL-3', '99.00')).body.outcomes).toEqual(['not_applied']);
      expect((await refund(`${tenant.company.id}x0000000000000000000000`.slice(0, 25), 'DL-4', '40.00')).body.outcomes).toEqual(['unknown_charge']);
      expect((await invoiceState(openOther.id)).status).toBe('open');
      expect(await companyDueDate(t, other.company.id)).toEqual(otherDue);
    });
  });

  describe('an expired company', () => {
    let expired: TenantFixture;

    beforeAll(async () => {
      expired = await createTenant(t, { plan: { value: 80 } });
      await invoiceFor(t, expired.company.id, new Date(Date.now() - 2 * DAY));
    });

    const loginAs = (email: string) => t.http().post('/api/auth/login').send({ email, password: expired.password });

    it('answers the expiry text to everyone, with a billing-only token for its admin', async () => {
      const user = await loginAs(expired.user.email);
      expect(user.status).toBe(401);
      expect(user.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
      expect(user.body.billingToken).toBeUndefined();
      const admin = await loginAs(expired.admin.email);
      expect(admin.status).toBe(401);
      expect(admin.body.message).toMatch(/^Opss! Sua assinatura venceu \d{2}\/\d{2}\/\d{4}\. Entre em contato com o Suporte para mais informações!$/);
      expect(admin.body.billingToken).toEqual(expect.any(String));
      expect(admin.headers['set-cookie']).toBeUndefined();
    });

    it('reaches the invoices, the subscription page and the checkout, and nothing else', async () => {
      const { billingToken } = (await loginAs(expired.admin.email)).body as { billingToken: string };
      const auth = { Authorization: `Bearer ${billingToken}` };
      const invoices = await t.http().get('/api/invoices/all').set(auth);
      expect(invoices.status).toBe(200);
      expect(invoices.body.invoices).toHaveLength(1);
      expect((await t.http().get('/api/subscription').set(auth)).body.company.id).toBe(expired.company.id);
      const charge = await t.http().post('/api/subscription').set(auth).send({ invoiceId: invoices.body.invoices[0].id });
      expect(charge.body.valor.original).toBe('80.00');

      for (const [method, path] of [
        ['get', '/api/auth/me'],
        ['get', '/api/tickets'],
        ['get', '/api/contacts'],
        ['get', '/api/users'],
        ['post', '/api/users'],
        ['get', '/api/campaigns'],
        ['get', '/api/settings'],
        ['delete', '/api/auth/logout'],
      ] as const) {
        const res = await t.http()[method](path).set(auth).send({});
        expect([path, res.status, res.body.error]).toEqual([path, 401, 'ERR_SUBSCRIPTION_EXPIRED']);
      }
      // Another company's invoice stays out of reach.
      const other = await t.em().findOneOrFail(Invoice, { company: b.company.id }, { filters: false });
      expect((await t.http().get(`/api/invoices/${other.id}`).set(auth)).status).toBe(404);
    });

    it('hears the payment on a billing socket, which may send nothing, and can log in once paid', async () => {
      const { billingToken } = (await loginAs(expired.admin.email)).body as { billingToken: string };
      const socket = await connectSocket(t, billingToken);
      try {
        const seen = recorder(socket);
        // A ticket room answers an acknowledgement to any other socket; this one gets none.
        await expect(socket.timeout(1000 * TIME_FACTOR).emitWithAck('joinChatBox', 1)).rejects.toThrow();
        // An announcement reaches every signed-in socket of every company, but not this one.
        const superUser = await login(t, (await createUser(t, a.company, 'admin', { super: true })).email);
        const heard = await connectSocket(t, superUser.token);
        try {
          const announced = nextEvent<unknown>(heard, 'announcement');
          const created = await t.http().post('/api/announcements').set(superUser.auth).send({ title: 'Manutenção', text: 'Hoje às 22h' });
          expect(created.status).toBe(201);
          await announced;
        } finally {
          heard.disconnect();
        }
        const invoiceId = (await t.em().findOneOrFail(Invoice, { company: expired.company.id }, { filters: false })).id;
        const event = nextEvent<PaymentEventPayload>(socket, `company-${expired.company.id}-payment`);
        const paid = await t.http().post('/api/dev/payments/pay').set(SECRET_HEADER, t.config.simulatorSecret!).send({ invoiceId });
        expect(paid.body.outcome).toBe('applied');
        const payload = await event;
        expect(new Date(payload.company.dueDate).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
        expect(seen.filter((e) => !e.endsWith('-payment'))).toEqual([]);
      } finally {
        socket.disconnect();
      }
      expect((await loginAs(expired.admin.email)).status).toBe(200);
    });
  });

  describe('subscription page', () => {
    it('shows the trial days remaining, the plan and the latest invoices', async () => {
      const trial = await createTenant(t, { plan: { value: 30, name: 'Plano Teste' } });
      await t
        .em()
        // Three days after today in the company's zone, whatever the time of day here (a due date is a day).
        .nativeUpdate(Company, { id: trial.company.id }, { trialExpiration: dayFromToday(3, DEFAULT_TIME_ZONE), dueDate: dayFromToday(3, DEFAULT_TIME_ZONE) });
      await t.app.get(InvoiceGenerator).issue();
      const session = await login(t, trial.admin.email);
      const res = await t.http().get('/api/subscription').set(session.auth);
      expect(res.status).toBe(200);
      expect(res.body.company).toMatchObject({ id: trial.company.id, trialDaysRemaining: 3, recurrence: 'MENSAL' });
      expect(res.body.plan).toMatchObject({ name: 'Plano Teste', value: 30 });
      expect(res.body.invoices).toEqual([expect.objectContaining({ value: 30, status: 'open' })]);
    });
  });
});
