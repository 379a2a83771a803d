import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The most a static BR Code carries (field 62-05). */
export const TXID_LENGTH = 25;
const SEPARATOR = 'x';

/**
 * A charge's txid: the company id, `x`, then random letters and digits up to 25 characters. A webhook names the
 * charge by it, so the company is known before any row is read.
 */
export function newTxid(companyId: number): string {
  const prefix = `${companyId}${SEPARATOR}`;
  return prefix + Array.from({ length: TXID_LENGTH - prefix.length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The company a txid names, or null for a txid this server did not issue. */
export function companyOfTxid(txid: string): number | null {
  const match = /^([1-9]\d{0,9})x[A-Za-z0-9]+$/.exec(txid);
  if (!match || txid.length > TXID_LENGTH) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}
