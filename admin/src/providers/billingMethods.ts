import type {
  InvoiceListResponse,
  InvoiceResponse,
  IssueInvoiceResponse,
  SubscriptionRequest,
  SubscriptionResponse,
  SubscriptionSummaryResponse,
} from '../../../src/shared/billing-api-types';
import { API_URL, ApiError, type HttpResponse, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** Invoices, the Pix checkout and the subscription summary (administration §3, §7), as custom dataProvider methods. */
export function billingMethods(client: Client) {
  const json = async <T>(path: string, init?: RequestInit) => ({ data: (await client<T>(`${API_URL}${path}`, init)).json });
  return {
    /** GET /invoices/all: one page of 20, newest due date first. */
    getInvoicesPage: (pageNumber: number, searchParam = '') =>
      json<InvoiceListResponse>(`/invoices/all?${new URLSearchParams({ searchParam, pageNumber: String(pageNumber) })}`),
    getInvoice: (id: number) => json<InvoiceResponse>(`/invoices/${id}`),
    /** POST /invoices/issue: the invoice of the current due date, issued if it is due and missing. */
    issueInvoice: () => json<IssueInvoiceResponse>('/invoices/issue', { method: 'POST', body: '{}' }),
    /** GET /subscription: the company's due date, trial, plan card and latest invoices. */
    getSubscription: () => json<SubscriptionSummaryResponse>('/subscription'),
    /** POST /subscription: the Pix charge of an invoice (the amount is the invoice's, whatever the body says). */
    subscribe: (request: SubscriptionRequest) => json<SubscriptionResponse>('/subscription', { method: 'POST', body: JSON.stringify(request) }),
  };
}

export type BillingMethods = ReturnType<typeof billingMethods>;

/**
 * fetch for the billing-only session of an expired company (the login's `billingToken`): that token and nothing else,
 * no cookie, no refresh (it has none) and no effect on the normal session; errors as the API client's.
 */
export function billingOnlyClient(token: string): Client {
  return async <T>(url: string, options: RequestInit = {}): Promise<HttpResponse<T>> => {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    if (typeof options.body === 'string') headers.set('Content-Type', 'application/json');
    const response = await fetch(url, { ...options, headers, credentials: 'omit' });
    const body = await response.text();
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) throw new ApiError(response.status, json);
    return { status: response.status, headers: response.headers, body, json: json as T };
  };
}
