import { AppError, appError } from '../../common/errors/app-error.js';
import type { ErrorCode } from '../../shared/error-codes.js';

/** A Graph error body read defensively: any field may be missing or of another type. */
export interface GraphErrorInfo {
  code: number | null;
  subcode: number | null;
  type: string | null;
  message: string;
  details: string | null;
  fbtraceId: string | null;
}

// Meta advises acting on `code` (subcodes are deprecated and titles will be): these are the codes that change what
// the attendant or the campaign should do.
const WINDOW_CLOSED = new Set([131047]);
/** Missing, paused, disabled or not-yet-approved templates, and parameters that do not fit the approved text. */
const TEMPLATE = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016]);
/** Throughput (130429), pair rate (131056), account (80007), app (4) and spam (131048) limits. */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);
/** 0/190: expired or revoked token; 10 and 200-299: a token without the WhatsApp permissions. Either way, a new token. */
const TOKEN = new Set([0, 10, 190]);
const UNDELIVERABLE = new Set([131026]);
/** Our request or its content was refused as malformed: invalid parameter, missing or bad value, unsupported type. */
const BAD_PAYLOAD = new Set([100, 131008, 131009, 131051]);

/** The catalogued code for a Graph error code (and the HTTP status when the body named none). */
export function cloudErrorCode(graphCode: number | null, httpStatus: number): ErrorCode {
  if (graphCode !== null) {
    if (WINDOW_CLOSED.has(graphCode)) return 'ERR_CLOUD_WINDOW_CLOSED';
    if (TEMPLATE.has(graphCode)) return 'ERR_CLOUD_TEMPLATE_NOT_APPROVED';
    if (RATE_LIMITED.has(graphCode)) return 'ERR_CLOUD_RATE_LIMITED';
    if (TOKEN.has(graphCode) || (graphCode >= 200 && graphCode <= 299)) return 'ERR_CLOUD_TOKEN_EXPIRED';
    if (UNDELIVERABLE.has(graphCode)) return 'ERR_CLOUD_UNDELIVERABLE';
    if (BAD_PAYLOAD.has(graphCode)) return 'ERR_CLOUD_BAD_PAYLOAD';
  }
  if (httpStatus === 401) return 'ERR_CLOUD_TOKEN_EXPIRED';
  if (httpStatus === 429) return 'ERR_CLOUD_RATE_LIMITED';
  return 'ERR_CLOUD_SEND_FAILED';
}

const MAX_TEXT = 500;
const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : null);

/** The `error` object of a Graph answer, or null when the body has none. */
export function readGraphError(body: unknown): GraphErrorInfo | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Record<string, unknown>;
  const data = (typeof e.error_data === 'object' && e.error_data !== null ? e.error_data : {}) as Record<string, unknown>;
  return {
    code: integer(e.code),
    subcode: integer(e.error_subcode),
    type: text(e.type),
    message: text(e.message) ?? 'no message',
    details: text(data.details),
    fbtraceId: text(e.fbtrace_id),
  };
}

/** Removes every secret (the access token, the app secret) from a text that may be logged or answered. */
export function redactSecrets(value: string, secrets: readonly string[]): string {
  let redacted = value;
  for (const secret of secrets) if (secret.length >= 4) redacted = redacted.split(secret).join('[redacted]');
  return redacted;
}

/**
 * The AppError for a refused Graph call: the catalogued code, a developer message naming the call and Meta's words
 * (never the token: secrets are removed from whatever Meta echoed), and Meta's code and trace id for support.
 */
export function graphError(call: string, httpStatus: number, body: unknown, secrets: readonly string[]): AppError {
  const info = readGraphError(body);
  const code = cloudErrorCode(info?.code ?? null, httpStatus);
  const detail = info ? `${info.message}${info.details ? ` (${info.details})` : ''}` : 'no error body';
  return appError(code, redactSecrets(`${call} answered ${httpStatus}: ${detail}`, secrets), {
    graphCode: info?.code ?? null,
    fbtraceId: info?.fbtraceId ?? null,
  });
}

/** A call that got no usable answer (refused address, deadline, oversized or unreadable answer). */
export function transportError(call: string, reason: string, secrets: readonly string[]): AppError {
  return appError('ERR_CLOUD_SEND_FAILED', redactSecrets(`${call} failed: ${reason}`, secrets));
}

/** The refusals of the Cloud API that say why a send failed (the caller shows them rather than a generic error). */
const CLOUD_REFUSALS: ReadonlySet<string> = new Set<ErrorCode>([
  'ERR_CLOUD_WINDOW_CLOSED',
  'ERR_CLOUD_TEMPLATE_NOT_APPROVED',
  'ERR_CLOUD_UNDELIVERABLE',
  'ERR_CLOUD_TOKEN_EXPIRED',
  'ERR_CLOUD_RATE_LIMITED',
]);

export function isCloudRefusal(error: unknown): error is AppError {
  return error instanceof AppError && CLOUD_REFUSALS.has(error.code);
}
