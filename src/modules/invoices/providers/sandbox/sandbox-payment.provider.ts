import { createHmac, timingSafeEqual } from 'node:crypto';
import { staticBrCode } from '../../pix/br-code.js';
import {
  type PaymentEvent,
  type PaymentProvider,
  type PixCharge,
  type PixChargeRequest,
  type WebhookRequest,
  WebhookRejected,
} from '../payment-provider.port.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxConfig {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Signs the webhooks: `x-sandbox-signature: sha256=<hex HMAC-SHA256 of the raw body>`. */
  secret: string;
}

/** The body of a sandbox webhook (what `signedSandboxWebhook` builds and `parseWebhook` reads). */
export interface SandboxWebhookBody {
  event: 'PIX_RECEIVED';
  endToEndId: string;
  txid: string;
  amount: string;
  paidAt: string;
}

/**
 * The sandbox's Pix devolução: the whole payment `endToEndId` sent back, named by its own id (`rtrId`). Reason
 * `MED_OPERACIONAL`/`MED_FRAUDE` (the Banco Central's special return mechanism, Pix's chargeback) reports a chargeback;
 * anything else a refund.
 */
export interface SandboxRefundBody {
  event: 'PIX_REFUNDED';
  rtrId: string;
  endToEndId: string;
  txid: string;
  amount: string;
  refundedAt: string;
  reason?: string;
}

const AMOUNT = /^\d{1,10}\.\d{2}$/;

const sign = (secret: string, body: Buffer | string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * A payment provider that needs no network: its charges are real BR Codes to the configured Pix key, and it "pays"
 * when told to (the dev endpoint, `npm run pay`), by sending itself a signed webhook through the same path a real
 * provider's webhook takes.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly config: SandboxConfig) {}

  async createCharge(request: PixChargeRequest): Promise<PixCharge> {
    const code = staticBrCode({
      pixKey: this.config.pixKey,
      merchantName: this.config.merchantName,
      merchantCity: this.config.merchantCity,
      amount: request.amount,
      txid: request.txid,
      description: request.description,
    });
    return {
      txid: request.txid,
      providerChargeId: request.txid,
      amount: request.amount,
      brCode: code.payload,
      qrDataUrl: await code.image(),
      expiresAt: new Date(Date.now() + request.expiresInSeconds * 1000),
    };
  }

  parseWebhook(request: WebhookRequest): PaymentEvent[] {
    const presented = request.headers[SANDBOX_SIGNATURE_HEADER];
    const expected = sign(this.config.secret, request.rawBody);
    if (typeof presented !== 'string' || presented.length !== expected.length || !timingSafeEqual(Buffer.from(presented), Buffer.from(expected))) {
      throw new WebhookRejected('bad or missing signature');
    }
    let body: Partial<SandboxWebhookBody> | Partial<SandboxRefundBody>;
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as Partial<SandboxWebhookBody> | Partial<SandboxRefundBody>;
    } catch {
      throw new WebhookRejected('body is not JSON');
    }
    if (body.event === 'PIX_REFUNDED') return [toReversal(body)];
    if (body.event !== 'PIX_RECEIVED') return [];
    if (typeof body.endToEndId !== 'string' || typeof body.txid !== 'string' || typeof body.amount !== 'string' || !AMOUNT.test(body.amount)) {
      throw new WebhookRejected('malformed payment');
    }
    const paidAt = new Date(body.paidAt ?? '');
    return [{ transactionId: body.endToEndId, chargeId: body.txid, amount: body.amount, paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt }];
  }
}

function toReversal(body: Partial<SandboxRefundBody>): PaymentEvent {
  if (typeof body.rtrId !== 'string' || body.rtrId === '' || typeof body.txid !== 'string' || typeof body.amount !== 'string' || !AMOUNT.test(body.amount)) {
    throw new WebhookRejected('malformed refund');
  }
  const refundedAt = new Date(body.refundedAt ?? '');
  return {
    reversal: typeof body.reason === 'string' && body.reason.startsWith('MED_') ? 'chargeback' : 'refund',
    transactionId: body.rtrId,
    chargeId: body.txid,
    amount: body.amount,
    reversedAt: Number.isNaN(refundedAt.getTime()) ? new Date() : refundedAt,
  };
}

/** A refund webhook as the sandbox sends it: the body and its signature header. */
export function signedSandboxRefund(secret: string, refund: Omit<SandboxRefundBody, 'event'>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: 'PIX_REFUNDED', ...refund } satisfies SandboxRefundBody);
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(secret, body) } };
}

/** A webhook as the sandbox sends it: the body and its signature header. */
export function signedSandboxWebhook(secret: string, payment: Omit<SandboxWebhookBody, 'event'>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: 'PIX_RECEIVED', ...payment } satisfies SandboxWebhookBody);
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(secret, body) } };
}
