import { bodyText, boundedRequest, OutboundAnswerError } from '../../../../common/http/bounded-fetch.js';

const USER_AGENT = 'atendechat-billing/1.0';
/** Asaas answers are single records or pages of at most 100: 2 MB is far above any of them. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** One refusal of the Asaas API, with its HTTP status and the codes of its `errors` array. */
export class AsaasApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly codes: string[] = [],
  ) {
    super(message);
    this.name = 'AsaasApiError';
  }
}

/**
 * The HTTP calls to the Asaas API v3: `access_token` authentication, a User-Agent (required of new accounts), JSON
 * both ways, a deadline per call (body included) and a size cap on the answer. Every failure is an AsaasApiError
 * whose message names the call and never the key.
 */
export class AsaasClient {
  private readonly root: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {
    this.root = baseUrl.replace(/\/+$/, '');
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const call = `Asaas ${method} ${path.split('?')[0]}`;
    let response: { status: number; ok: boolean };
    let text: string;
    try {
      const answer = await boundedRequest(
        `${this.root}${path}`,
        {
          method,
          headers: {
            access_token: this.apiKey,
            'user-agent': USER_AGENT,
            accept: 'application/json',
            // Asaas refuses GET requests that carry a body, so only POST says it sends one.
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        { label: call, timeoutMs: this.timeoutMs, maxBytes: MAX_ANSWER_BYTES },
      );
      response = { status: answer.status, ok: answer.status >= 200 && answer.status < 300 };
      text = bodyText(answer.body);
    } catch (error) {
      if (error instanceof OutboundAnswerError) throw new AsaasApiError(error.message, null);
      // A DOMException (the deadline) need not be an Error of this realm: read its name and message as they are.
      const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
      if (name === 'TimeoutError' || name === 'AbortError') throw new AsaasApiError(`${call} timed out after ${this.timeoutMs} ms`, null);
      throw new AsaasApiError(`${call} failed: ${typeof message === 'string' ? message : String(error)}`, null);
    }
    let json: unknown = null;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new AsaasApiError(`${call} answered ${response.status} with a body that is not JSON`, response.status);
      }
    }
    if (!response.ok) {
      const errors = asaasErrors(json);
      const detail = errors.length ? errors.map((e) => `${e.code}: ${e.description}`).join('; ') : 'no error detail';
      throw new AsaasApiError(
        `${call} answered ${response.status}: ${detail}`,
        response.status,
        errors.map((e) => e.code),
      );
    }
    return json;
  }
}

function asaasErrors(json: unknown): { code: string; description: string }[] {
  const errors = (json as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { code?: unknown; description?: unknown } => typeof e === 'object' && e !== null)
    .map((e) => ({ code: String(e.code ?? 'unknown'), description: String(e.description ?? '') }));
}
