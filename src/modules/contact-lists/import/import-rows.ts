import { normaliseNumber } from '../../../channels/numbers.js';
import type { ImportedItem } from '../contact-lists.repository.js';
import type { SheetRow } from './spreadsheet-reader.js';

const MIN_DIGITS = 8;
const MAX_DIGITS = 50;
const MAX_NAME = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The companies are Brazilian: a number typed without a country code gets this one. */
export const DEFAULT_COUNTRY_CODE = '55';

/** A spreadsheet row made ready to check and store. */
export interface PreparedRow extends ImportedItem {
  /** No number at all, or too long to be one: nothing to store. */
  skip: boolean;
  /** Worth asking WhatsApp about (a short number is stored as invalid without asking). */
  checkable: boolean;
  /** The row's line in the sheet. */
  line: number;
  /** An e-mail was given but is not one: stored empty, and the import says so with the line. */
  badEmail: boolean;
}

/**
 * A Brazilian number written with its area code but without the country code ("11 91111-0005": 10 or 11 digits) gets
 * the default one; a number of 12 digits or more already carries its country.
 */
export function withCountryCode(digits: string): string {
  return digits.length === 10 || digits.length === 11 ? `${DEFAULT_COUNTRY_CODE}${digits}` : digits;
}

/** Digits only; a short number is kept but marked invalid (never sent to); a name falls back to the number. */
export function prepareRow([rawName, rawNumber, rawEmail, line]: SheetRow): PreparedRow {
  const number = withCountryCode(normaliseNumber(rawNumber));
  const skip = number.length === 0 || number.length > MAX_DIGITS;
  const checkable = !skip && number.length >= MIN_DIGITS;
  const name = rawName.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
  const email = rawEmail.trim().toLowerCase();
  const emailOk = email.length <= 254 && EMAIL.test(email);
  return {
    name: name.length >= 2 ? name : number,
    number,
    email: emailOk ? email : null,
    isWhatsappValid: checkable ? null : false,
    skip,
    checkable,
    line,
    badEmail: email !== '' && !emailOk && !skip,
  };
}

/** Lines kept to tell the user about invalid e-mails: enough to find them, bounded for the row and the socket. */
export const INVALID_EMAIL_LINES_MAX = 20;

/** How many rows had an e-mail that is not one, and the first of their lines. */
export function invalidEmails(rows: readonly PreparedRow[]): { count: number; lines: number[] } {
  const bad = rows.filter((row) => row.badEmail);
  return { count: bad.length, lines: bad.slice(0, INVALID_EMAIL_LINES_MAX).map((row) => row.line) };
}

export interface MergedRows {
  items: ImportedItem[];
  /** Rows without a usable number plus items not on WhatsApp. */
  invalid: number;
  /** Rows merged into an earlier row with the same number (after the ninth digit was resolved). */
  duplicates: number;
}

/** One item per number, in file order: the first row's name wins, a later row fills a missing email. */
export function mergeRows(rows: readonly PreparedRow[]): MergedRows {
  const byNumber = new Map<string, ImportedItem>();
  let skipped = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (row.skip) {
      skipped += 1;
      continue;
    }
    const kept = byNumber.get(row.number);
    if (!kept) {
      byNumber.set(row.number, { name: row.name, number: row.number, email: row.email, isWhatsappValid: row.isWhatsappValid });
      continue;
    }
    duplicates += 1;
    kept.email ??= row.email;
    if (row.isWhatsappValid === true || kept.isWhatsappValid === null) kept.isWhatsappValid = row.isWhatsappValid ?? kept.isWhatsappValid;
  }
  const items = [...byNumber.values()];
  return { items, invalid: skipped + items.filter((item) => item.isWhatsappValid === false).length, duplicates };
}
