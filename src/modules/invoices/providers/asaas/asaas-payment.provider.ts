import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type ConfirmedPayment,
  type PaymentEvent,
  type PaymentProvider,
  type PixCharge,
  type PixChargeRequest,
  type ReversedPayment,
  type WebhookRequest,
  WebhookRejected,
} from '../payment-provider.port.js';
import { AsaasClient } from './asaas-client.js';
import {
  brasiliaDate,
  brasiliaDateTime,
  isAsaasPayment,
  isAsaasPixQrCode,
  isAsaasWebhook,
  type AsaasCustomer,
  type AsaasList,
  type AsaasPayment,
} from './asaas-types.js';

export const ASAAS_TOKEN_HEADER = 'asaas-access-token';

export interface AsaasConfig {
  /** The API root with its version, e.g. https://api.asaas.com/v3 (production) or https://api-sandbox.asaas.com/v3. */
  baseUrl: string;
  apiKey: string;
  /** The authentication token configured on the Asaas webhook; Asaas presents it in `asaas-access-token`. */
  webhookToken: string;
  /** How long one API call may take (default 15 s). */
  timeoutMs?: number;
  /** The clock the due dates are computed from (tests). */
  now?: () => Date;
}

/** Events that report money in: CONFIRMED (paid, balance not yet available) and RECEIVED (balance available). */
const PAID_EVENTS = new Set(['PAYMENT_CONFIRMED', 'PAYMENT_RECEIVED']);

/**
 * Events that take a payment back. REFUNDED: the refund is done (REFUND_IN_PROGRESS may still be denied, so it
 * changes nothing yet). CHARGEBACK_REQUESTED: the payer's bank took the money back at once; DISPUTE follows while
 * we contest it (the same chargeback, a replay when REQUESTED arrived). PARTIALLY_REFUNDED is a discount given
 * after the fact, not a cancellation: the invoice stays paid. A won dispute (AWAITING_CHARGEBACK_REVERSAL) restores
 * nothing by itself: the money comes back later and the company pays again, or support extends its due date.
 */
const REVERSAL_EVENTS: Record<string, ReversedPayment['reversal']> = {
  PAYMENT_REFUNDED: 'refund',
  PAYMENT_CHARGEBACK_REQUESTED: 'chargeback',
  PAYMENT_CHARGEBACK_DISPUTE: 'chargeback',
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Pix charges through Asaas: each charge is an Asaas payment (billingType PIX) of the company's Asaas customer, named
 * by our txid in `externalReference`; its dynamic QR Code comes from `/payments/{id}/pixQrCode`. Webhooks are
 * authenticated by the shared token and identify a payment by its Asaas id, so CONFIRMED and RECEIVED of one payment
 * share one transaction id (the second is a replay).
 */
export class AsaasPaymentProvider implements PaymentProvider {
  readonly name = 'asaas';
  private readonly client: AsaasClient;
  private readonly now: () => Date;
  private readonly expectedToken: Buffer;

  constructor(config: AsaasConfig) {
    if (!config.apiKey) throw new Error('Asaas API key is not configured');
    if (!config.webhookToken) throw new Error('Asaas webhook token is not configured');
    this.client = new AsaasClient(config.baseUrl, config.apiKey, config.timeoutMs ?? 15_000);
    this.now = config.now ?? (() => new Date());
    this.expectedToken = digest(config.webhookToken);
  }

  async createCharge(request: PixChargeRequest): Promise<PixCharge> {
    const customer = await this.customerFor(request.payer);
    const dueDate = brasiliaDate(new Date(this.now().getTime() + request.expiresInSeconds * 1000));
    const payment = await this.client.request('POST', '/payments', {
      customer,
      billingType: 'PIX',
      value: Number(request.amount),
      dueDate,
      description: request.description,
      externalReference: request.txid,
    });
    if (!isAsaasPayment(payment)) throw new Error('Asaas POST /payments answered without a payment id');
    if (Math.round(payment.value * 100) !== Math.round(Number(request.amount) * 100)) {
      throw new Error(`Asaas created payment ${payment.id} of ${payment.value} for ${request.amount}`);
    }
    const qr = await this.client.request('GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    if (!isAsaasPixQrCode(qr)) throw new Error(`Asaas pixQrCode of ${payment.id} answered without an image or payload`);
    return {
      txid: request.txid,
      providerChargeId: payment.id,
      amount: request.amount,
      brCode: qr.payload,
      qrDataUrl: `data:image/png;base64,${qr.encodedImage}`,
      // The QR Code stays payable until Asaas's expiration; before that a new checkout reuses this charge.
      expiresAt: brasiliaDateTime(qr.expirationDate) ?? new Date(this.now().getTime() + request.expiresInSeconds * 1000),
    };
  }

  parseWebhook(request: WebhookRequest): PaymentEvent[] {
    const presented = request.headers[ASAAS_TOKEN_HEADER];
    // Digests of equal length: the comparison takes the same time whatever the presented token's length.
    if (typeof presented !== 'string' || presented === '' || !timingSafeEqual(digest(presented), this.expectedToken)) {
      throw new WebhookRejected('bad or missing asaas-access-token');
    }
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('body is not JSON');
    }
    if (!isAsaasWebhook(body)) throw new WebhookRejected('not an Asaas event');
    if (body.payment?.billingType !== 'PIX') return [];
    if (PAID_EVENTS.has(body.event)) return [toConfirmedPayment(body.payment)];
    const reversal = REVERSAL_EVENTS[body.event];
    return reversal ? [toReversedPayment(body.payment, reversal, body.dateCreated)] : [];
  }

  /** The payer's Asaas customer: found by e-mail, else created (Asaas does not refuse duplicates itself). */
  private async customerFor(payer: PixChargeRequest['payer']): Promise<string> {
    if (payer.email) {
      const found = (await this.client.request('GET', `/customers?email=${encodeURIComponent(payer.email)}`)) as Partial<AsaasList<AsaasCustomer>> | null;
      if (!found || !Array.isArray(found.data)) throw new Error('Asaas GET /customers answered without a list');
      const existing = found.data.find((customer) => typeof customer?.id === 'string' && !customer.deleted);
      if (existing) return existing.id;
    }
    const created = (await this.client.request('POST', '/customers', {
      name: payer.name,
      ...(payer.email ? { email: payer.email } : {}),
    })) as Partial<AsaasCustomer> | null;
    if (!created || typeof created.id !== 'string' || created.id === '') throw new Error('Asaas POST /customers answered without a customer id');
    return created.id;
  }
}

/** One reversal per payment and kind: Asaas names it by the payment's id, the kind keeps it apart from the payment. */
function toReversedPayment(payment: AsaasPayment, reversal: ReversedPayment['reversal'], reportedAt: string | undefined): ReversedPayment {
  const paid = toConfirmedPayment(payment);
  return {
    reversal,
    transactionId: `${paid.transactionId}:${reversal}`,
    chargeId: paid.chargeId,
    amount: paid.amount,
    reversedAt: (typeof reportedAt === 'string' && brasiliaDateTime(reportedAt)) || new Date(),
  };
}

function toConfirmedPayment(payment: AsaasPayment): ConfirmedPayment {
  if (typeof payment.id !== 'string' || payment.id === '' || typeof payment.value !== 'number' || !Number.isFinite(payment.value) || payment.value <= 0) {
    throw new WebhookRejected('malformed payment');
  }
  const paidOn = [payment.clientPaymentDate, payment.paymentDate, payment.confirmedDate].find((date) => typeof date === 'string' && date !== '');
  return {
    transactionId: payment.id,
    // Our txid, given to Asaas as the payment's externalReference: it names the company and the charge.
    chargeId: typeof payment.externalReference === 'string' && payment.externalReference !== '' ? payment.externalReference : payment.id,
    amount: payment.value.toFixed(2),
    paidAt: (paidOn && brasiliaDateTime(paidOn)) || new Date(),
  };
}
