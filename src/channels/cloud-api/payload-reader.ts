import { appError } from '../../common/errors/app-error.js';

// Typed reads of JSON from outside: every miss is ERR_CLOUD_BAD_PAYLOAD naming the path, never a TypeError.

export type Json = Record<string, unknown>;

export const badPayload = (path: string, problem: string) => appError('ERR_CLOUD_BAD_PAYLOAD', `${path}: ${problem}`);

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectAt(value: unknown, path: string): Json {
  if (!isObject(value)) throw badPayload(path, 'expected an object');
  return value;
}

/** An array of at most `max` elements; absent reads as empty. */
export function arrayAt(value: unknown, path: string, max: number): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badPayload(path, 'expected an array');
  if (value.length > max) throw badPayload(path, `more than ${max} elements`);
  return value;
}

/** An identifier (wamid, phone number id, wa_id): present, a string, and short. */
export function idAt(value: unknown, path: string, maxLength = 256): string {
  if (typeof value !== 'string' || value === '') throw badPayload(path, 'expected a non-empty string');
  if (value.length > maxLength) throw badPayload(path, `longer than ${maxLength} characters`);
  return value;
}

/** Free text (bodies, names, captions): cut at `maxLength` rather than refused; absent or not a string reads as null. */
export function textAt(value: unknown, maxLength: number): string | null {
  return typeof value === 'string' ? value.slice(0, maxLength) : null;
}

/** Unix seconds, as Meta sends them (a string of digits, or a number). */
export function secondsAt(value: unknown, path: string): Date {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw badPayload(path, 'expected a timestamp in seconds');
  return new Date(seconds * 1000);
}

/** A coordinate, as a number or a numeric string. */
export function coordinateAt(value: unknown, path: string, limit: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || Math.abs(number) > limit) throw badPayload(path, 'expected a coordinate');
  return number;
}
