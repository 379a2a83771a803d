// Response shapes of billing (invoices, the Pix checkout, the subscription page), shared by the API and the browser.
// Dates are ISO-8601 strings; money is a number of reais with two decimals.
import type { CompanyBilling, Recurrence } from './api-types.js';

/** `refunded`: paid, then refunded or charged back (payable again). */
export type InvoiceStatus = 'open' | 'paid' | 'refunded';

export interface InvoiceResponse {
  id: number;
  detail: string;
  value: number;
  /** The company due date this invoice renews (ISO-8601). */
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The spec's list dialect of `GET /invoices/all`. */
/** `POST /invoices/issue`: the invoice of the company's current due date (null when none is due yet). */
export interface IssueInvoiceResponse {
  /** Whether this call issued it (false: it existed already, or nothing is due). */
  issued: boolean;
  invoice: InvoiceResponse | null;
}

export interface InvoiceListResponse {
  invoices: InvoiceResponse[];
  hasMore: boolean;
  count: number;
}

/** `POST /subscription` (administration §3). The amount always comes from the invoice; the rest is billing data. */
export interface SubscriptionRequest {
  invoiceId: number;
  firstName?: string;
  lastName?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  district?: string;
  country?: string;
  useAddressForPaymentDetails?: boolean;
  nameOnCard?: string;
  cardNumber?: string;
  cvv?: string;
  plan?: string;
  price?: number;
  users?: number;
  connections?: number;
}

/** The Pix charge: `qrcode.qrcode` is the BR Code "copia e cola", `qrcode.imagemQrcode` the QR image as a data URL. */
export interface SubscriptionResponse {
  invoiceId: number;
  txid: string;
  provider: string;
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode: string };
  expiresAt: string;
}

export interface PlanCardResponse {
  id: number;
  name: string;
  value: number;
  users: number;
  connections: number;
  queues: number;
}

/** `GET /subscription`: what the subscription page and the checkout's plan card show. */
export interface SubscriptionSummaryResponse {
  company: {
    id: number;
    name: string;
    email: string | null;
    dueDate: string | null;
    recurrence: Recurrence;
    trialExpiration: string | null;
    /** Whole days left of the trial (0 when it ended, null when the company never had one). */
    trialDaysRemaining: number | null;
    billing: CompanyBilling;
  };
  plan: PlanCardResponse | null;
  /** The latest invoices, newest due date first. */
  invoices: InvoiceResponse[];
}

/** `company-{id}-payment`: sent to the company's admins (and its billing-only sockets) when a payment is confirmed. */
export interface PaymentEventPayload {
  action: 'CONCLUIDA';
  invoiceId: number;
  company: { id: number; dueDate: string };
}

/** `company-{id}-invoice`: an invoice was issued or paid (to the company's admins). */
export interface InvoiceEventPayload {
  action: 'create' | 'update';
  invoice: InvoiceResponse;
}

/**
 * The body of the expiry refusal of `POST /auth/login` for a company admin: besides `error` and `message` (the spec's
 * 'Opss! Sua assinatura venceu …'), a billing-only access token that reaches only the invoices, the checkout, the
 * subscription page and the payment socket channel.
 */
export interface ExpiredLoginBody {
  error: 'ERR_SUBSCRIPTION_EXPIRED';
  message: string;
  dueDate: string;
  billingToken?: string;
}
