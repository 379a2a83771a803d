// The parts of Asaas API v3 objects the adapter reads (see test/fixtures/asaas for whole recorded examples).

export interface AsaasList<T> {
  object: 'list';
  hasMore: boolean;
  totalCount: number;
  data: T[];
}

export interface AsaasCustomer {
  id: string;
  name: string;
  email: string | null;
  deleted?: boolean;
}

export interface AsaasPayment {
  id: string;
  customer: string;
  value: number;
  billingType: string;
  status: string;
  externalReference?: string | null;
  /** `yyyy-MM-dd`: the day the payer paid, the day Asaas confirmed it. */
  clientPaymentDate?: string | null;
  paymentDate?: string | null;
  confirmedDate?: string | null;
}

export interface AsaasPixQrCode {
  /** The QR image, PNG in base64. */
  encodedImage: string;
  /** The Pix "copia e cola". */
  payload: string;
  /** `yyyy-MM-dd HH:mm:ss`, Brasília time. */
  expirationDate: string;
}

export interface AsaasWebhook {
  id?: string;
  event: string;
  /** `yyyy-MM-dd HH:mm:ss`, Brasília time: when Asaas reported the event. */
  dateCreated?: string;
  payment?: AsaasPayment | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isAsaasPayment = (value: unknown): value is AsaasPayment =>
  isObject(value) && typeof value.id === 'string' && value.id !== '' && typeof value.value === 'number';

export const isAsaasPixQrCode = (value: unknown): value is AsaasPixQrCode =>
  isObject(value) &&
  typeof value.encodedImage === 'string' &&
  value.encodedImage !== '' &&
  typeof value.payload === 'string' &&
  value.payload.startsWith('000201');

export const isAsaasWebhook = (value: unknown): value is AsaasWebhook =>
  isObject(value) && typeof value.event === 'string' && (value.payment === undefined || value.payment === null || isObject(value.payment));

const BRASILIA = 'America/Sao_Paulo';

/** The calendar day in Brasília of an instant, as Asaas's `yyyy-MM-dd`. */
export function brasiliaDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BRASILIA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** An Asaas date (`yyyy-MM-dd`, midnight) or date-time (`yyyy-MM-dd HH:mm:ss`), both Brasília time (UTC-3 since 2019). */
export function brasiliaDateTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2] ?? '00:00:00'}-03:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}
