import { HttpError } from 'react-admin';
import { formatDueDate } from '../dueDate';
import { errorKey } from '../i18n';
import { apiStatus, isNetworkFailure, isOutageStatus } from './apiStatus';
import { type LoginAnswer, session } from './session';
import { submissionErrors } from './submissionErrors';

export const API_URL = '/api';
const AUTH_PATHS = ['/auth/login', '/auth/logout'];

/** The error body the API answers with. */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  fields?: { field: string; messages: string[] }[];
  dueDate?: string;
}

/**
 * The text to show for an error answer: the catalog key of its code, else the generic one. The server's own text
 * (English, for logs and API clients) is never shown, so a toast is always in the user's language.
 */
function messageOf(body: unknown): string {
  const { error } = (typeof body === 'object' && body ? body : {}) as ApiErrorBody;
  return errorKey(error) ?? 'errors.generic';
}

/**
 * An API failure whose `message` react-admin's notifications translate with `messageArgs`; a refusal about form
 * fields also carries them as `body.errors`, which react-admin's forms show on the fields.
 */
export class ApiError extends HttpError {
  readonly messageArgs: Record<string, string>;

  constructor(status: number, body: unknown) {
    const message = messageOf(body);
    const errors = typeof body === 'object' && body ? submissionErrors(body as ApiErrorBody, message) : undefined;
    super(message, status, errors ? { ...(body as ApiErrorBody), errors } : body);
    // HttpError pins its own prototype, which would hide this subclass from instanceof.
    Object.setPrototypeOf(this, new.target.prototype);
    const { dueDate } = (typeof body === 'object' && body ? body : {}) as ApiErrorBody;
    this.messageArgs = dueDate ? { date: formatDueDate(dueDate) } : {};
  }
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

type RefreshOutcome = 'renewed' | 'refused' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

const OUTAGE = { error: 'ERR_SERVICE_UNAVAILABLE' };

/**
 * Renews the access token from the refresh cookie; concurrent callers share one request. Only a refusal (401) ends
 * the session: an outage (503, or no answer) keeps it, for the retry once the server is back.
 */
function renew(): Promise<RefreshOutcome> {
  refreshing ??= fetch(`${API_URL}/auth/refresh_token`, { method: 'POST', credentials: 'include' })
    .then(async (response): Promise<RefreshOutcome> => {
      noteAnswer(response.status);
      if (response.status === 401) session.clear();
      if (isOutageStatus(response.status)) return 'unavailable';
      if (!response.ok) return 'refused';
      const answer = (await response.json()) as Partial<LoginAnswer>;
      if (answer.token && answer.user) session.save(answer as LoginAnswer);
      else if (answer.token) session.saveToken(answer.token);
      return answer.token ? 'renewed' : 'refused';
    })
    .catch((): RefreshOutcome => {
      apiStatus.markUnreachable();
      return 'unavailable';
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Renews the access token from the refresh cookie; answers whether it did. */
export function refreshSession(): Promise<boolean> {
  return renew().then((outcome) => outcome === 'renewed');
}

/** A 503 says the server is up but its database or Redis is not; any other answer says the API works. */
function noteAnswer(status: number): void {
  if (isOutageStatus(status)) apiStatus.markUnreachable();
  else apiStatus.markReachable();
}

function send(url: string, options: RequestInit): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (typeof options.body === 'string') headers.set('Content-Type', 'application/json');
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(url, { ...options, headers, credentials: 'include' }).then(
    (response) => {
      noteAnswer(response.status);
      return response;
    },
    (error: unknown) => {
      if (isNetworkFailure(error, options.signal)) apiStatus.markUnreachable();
      throw error;
    },
  );
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * fetch for the API: bearer token and cookies; a 403, or a 401 on a sent token (the access token expired),
 * refreshes the token once and retries; a 401 that remains clears the session. A 503 or a network failure never
 * does (see apiStatus.ts), nor a refresh that could not reach the database: that answers 503 too.
 */
export async function httpClient<T = unknown>(url: string, options: RequestInit = {}): Promise<HttpResponse<T>> {
  const isAuthCall = AUTH_PATHS.some((path) => url.startsWith(`${API_URL}${path}`));
  const hadToken = session.token() !== null;
  let response = await send(url, options);
  const mayRefresh = response.status === 403 || (response.status === 401 && hadToken);
  if (mayRefresh && !isAuthCall) {
    const outcome = await renew();
    if (outcome === 'renewed') response = await send(url, options);
    else if (outcome === 'unavailable') throw new ApiError(503, OUTAGE);
  }
  if (response.status === 401) session.clear();

  const body = await response.text();
  const json = parse(body);
  // A proxy's 502/504 page is not the API's error: it reads as the outage it is.
  if (!response.ok) throw new ApiError(response.status, isOutageStatus(response.status) && !(json as { error?: unknown } | undefined)?.error ? OUTAGE : json);
  return { status: response.status, headers: response.headers, body, json: json as T };
}

type Query = Record<string, string | number | boolean | undefined>;

const toUrl = (path: string, query?: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_URL}${path}${search ? `?${search}` : ''}`;
};

const request = <T>(method: string, path: string, body?: unknown, query?: Query) =>
  httpClient<T>(toUrl(path, query), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json);

/** JSON calls in the spec's dialect, for custom screens. Paths are relative to /api. */
export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
