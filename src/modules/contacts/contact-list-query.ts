import { Query } from '@nestjs/common';
import type { RawQueryFragment } from '@mikro-orm/core';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { likePattern, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { normaliseNumber } from '../../channels/numbers.js';
import type { Contact } from './contact.entity.js';
import { validationFailed } from './contact-errors.js';
import { PHONE_TEXT } from './contact-number.js';

export const CONTACT_LIST: ListAllowlist = {
  filters: { id: 'id', isGroup: 'isGroup', whatsappId: 'whatsapp' },
  filterTypes: { isGroup: 'boolean' },
  sort: { id: 'id', name: 'name', number: 'number', email: 'email', createdAt: 'createdAt' },
  defaultSort: ['name', 'ASC'],
};

/** Calendar days (YYYY-MM-DD), both inclusive, in the company's time zone. */
export interface CreatedRange {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readDay(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  const parsed = typeof value === 'string' && DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  // A real calendar day: 2024-02-30 does not survive the round trip.
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw validationFailed(name, `${name} must be a date YYYY-MM-DD`);
  }
  return value;
}

/** `date` (one day) or `dateStart` / `dateEnd` (either end may be open). */
/** The contacts list's creation-day filters (`date`, or `dateStart`/`dateEnd`), checked before the handler runs. */
export const CreatedRangeQuery = (): ParameterDecorator => Query({ transform: (query: Record<string, unknown>) => parseCreatedRange(query) });

export function parseCreatedRange(query: Record<string, unknown>): CreatedRange {
  const date = readDay(query, 'date');
  const from = readDay(query, 'dateStart');
  const to = readDay(query, 'dateEnd');
  if (date && (from || to)) throw validationFailed('date', 'date cannot be combined with dateStart or dateEnd');
  if (date) return { from: date, to: date };
  if (from && to && from > to) throw validationFailed('dateEnd', 'dateEnd must not be before dateStart');
  return { from, to };
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Search matches any part of the name, the email or the number; a typed number may carry a mask. */
function searchConditions(search: string): FilterQuery<Contact>[] {
  const pattern = likePattern(search);
  const digits = PHONE_TEXT.test(search) ? normaliseNumber(search) : '';
  return [{ name: { $ilike: pattern } }, { number: { $ilike: digits ? likePattern(digits) : pattern } }, { email: { $ilike: pattern } }];
}

/** `dayStart`: the instant a calendar day starts in the company's time zone (see ContactsRepository). */
export function contactsWhere(query: ListParams, created: CreatedRange, dayStart: (day: string) => RawQueryFragment): FilterQuery<Contact> {
  const where: Record<string, unknown> = { ...query.filters };
  if (query.search) where.$or = searchConditions(query.search);
  if (created.from || created.to) {
    where.createdAt = {
      ...(created.from && { $gte: dayStart(created.from) }),
      ...(created.to && { $lt: dayStart(nextDay(created.to)) }),
    };
  }
  return where as FilterQuery<Contact>;
}
