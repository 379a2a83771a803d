import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs every webhook POST with: `sha256=<hex HMAC-SHA256 of the raw body, keyed by the app secret>`. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

const digest = (rawBody: Buffer | string, appSecret: string): Buffer => createHmac('sha256', appSecret).update(rawBody).digest();

/** The header value Meta would send for this body (the fake Graph API signs its webhooks with it). */
export function signWebhook(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${digest(rawBody, appSecret).toString('hex')}`;
}

/**
 * Whether the body is the one Meta signed. It must be the raw bytes as received: a body parsed and serialised again
 * is not. Refuses a missing or malformed header, and an empty secret (which anyone could sign with).
 */
export function verifyWebhookSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !appSecret) return false;
  const match = SIGNATURE.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'hex');
  const expected = digest(rawBody, appSecret);
  // Both are 32 bytes (the pattern fixes the length), as timingSafeEqual requires.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
