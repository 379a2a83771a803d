import { createHash, timingSafeEqual } from 'node:crypto';

/** Meta's challenges are numbers; anything beyond a short plain token is refused rather than echoed. */
const CHALLENGE = /^[A-Za-z0-9_.-]{1,256}$/;

/** Compares without leaking, through timing, how much of the token matched (hashing first evens the lengths). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The GET verification of a webhook address: `hub.mode=subscribe`, `hub.verify_token` equal to the connection's,
 * and `hub.challenge` to echo as plain text. Answers the challenge, or null for a 403. Repeated parameters (arrays
 * once parsed) are refused.
 */
export function answerVerification(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  if (!CHALLENGE.test(challenge)) return null;
  return sameToken(token, verifyToken) ? challenge : null;
}
