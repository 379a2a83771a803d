import type { IncomingHttpHeaders } from 'node:http';

/** What the server asks a payment provider for: a Pix charge of an exact amount, named by our txid. */
export interface PixChargeRequest {
  /** Ours, unique per charge: 25 characters [A-Za-z0-9] (the most a static BR Code carries in field 62-05). */
  txid: string;
  /** Reais with two decimals, e.g. '149.90'. Always the invoice's value. */
  amount: string;
  /** Shown to the payer. */
  description: string;
  payer: { name: string; email: string | null };
  expiresInSeconds: number;
}

export interface PixCharge {
  txid: string;
  /** The provider's own id of the charge, when it has one (Asaas payment id); else the txid. */
  providerChargeId: string;
  amount: string;
  /** The BR Code "copia e cola" (EMV MPM with CRC16). */
  brCode: string;
  /** The QR image as a data URL (PNG). */
  qrDataUrl: string;
  expiresAt: Date;
}

/** One confirmed payment reported by a webhook. */
export interface ConfirmedPayment {
  /** Idempotency key: the provider's transaction id (Pix endToEndId or the provider's payment id). */
  transactionId: string;
  /** The charge it pays, by our txid (providers carry it: the BR Code's txid, Asaas's externalReference). */
  chargeId: string;
  amount: string;
  paidAt: Date;
}

/**
 * A confirmed payment taken back: refunded by us (a Pix devolução, an Asaas refund) or charged back by the payer's
 * bank. Only a completed reversal is reported; a refund still in progress is not.
 */
export interface ReversedPayment {
  reversal: 'refund' | 'chargeback';
  /** Idempotency key of the reversal: the same reversal reported again is a replay. */
  transactionId: string;
  /** The charge whose payment is reversed, by our txid. */
  chargeId: string;
  /** Reais with two decimals: what was taken back. */
  amount: string;
  reversedAt: Date;
}

/** What a webhook reports: money in, or money taken back. */
export type PaymentEvent = ConfirmedPayment | ReversedPayment;

export const isReversal = (event: PaymentEvent): event is ReversedPayment => 'reversal' in event;

export interface WebhookRequest {
  headers: IncomingHttpHeaders;
  query: Record<string, unknown>;
  rawBody: Buffer;
}

/**
 * The payment-provider port. `parseWebhook` authenticates the request (shared secret or signature) and throws
 * `WebhookRejected` when it is not the provider's; it answers the confirmed payments and the completed reversals the
 * request reports (often none: providers also report created or expired charges).
 */
export interface PaymentProvider {
  readonly name: string;
  createCharge(request: PixChargeRequest): Promise<PixCharge>;
  parseWebhook(request: WebhookRequest): PaymentEvent[];
}

export class WebhookRejected extends Error {}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
