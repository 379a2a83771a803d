import { randomBytes } from 'node:crypto';
import type { GraphErrorBody, GraphErrorDetail } from './cloud-api-types.js';

// Graph error answers as the fake Graph API gives them: Meta's codes, titles and HTTP statuses.

const TITLES: Record<number, string> = {
  4: 'Application request limit reached',
  100: 'Invalid parameter',
  190: 'Error validating access token: Session has expired',
  80007: 'Rate limit issues',
  130429: 'Rate limit hit',
  131008: 'Required parameter is missing',
  131009: 'Parameter value is not valid',
  131026: 'Message Undeliverable',
  131047: 'Re-engagement message',
  131051: 'Unsupported message type',
  131053: 'Media upload error',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132012: 'Parameter format does not match format in the created template',
  132015: 'Template is Paused',
  132016: 'Template is Disabled',
};

const DETAILS: Record<number, string> = {
  131047: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};

export const graphTitle = (code: number): string => TITLES[code] ?? 'Unknown error';

function httpStatusOf(code: number): number {
  if (code === 0 || code === 190) return 401;
  if (code === 10 || (code >= 200 && code <= 299)) return 403;
  if (code === 4) return 429;
  return 400;
}

export interface FakeGraphError {
  status: number;
  body: GraphErrorBody;
}

export function fakeGraphError(code: number, details?: string): FakeGraphError {
  const text = details ?? DETAILS[code] ?? graphTitle(code);
  return {
    status: httpStatusOf(code),
    body: {
      error: {
        message: `(#${code}) ${graphTitle(code)}`,
        type: 'OAuthException',
        code,
        ...(code === 190 ? { error_subcode: 463 } : {}),
        error_data: { messaging_product: 'whatsapp', details: text },
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    },
  };
}

/** The same error as a webhook status carries it (`statuses[].errors[]`). */
export function webhookErrorDetail(code: number, details?: string): GraphErrorDetail {
  const title = graphTitle(code);
  return { code, title, message: title, error_data: { details: details ?? DETAILS[code] ?? title } };
}
