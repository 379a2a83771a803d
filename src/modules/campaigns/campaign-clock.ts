// Wall-clock arithmetic in a company's time zone (quiet hours, daily caps, 'YYYY-MM-DD HH:mm:ss' dates), with Intl only.
import { fromWallTime, wallTime } from '../../shared/zoned-time.js';

export { fromWallTime, wallTime };

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm:ss' read in the company's zone (campaigns §7), or an ISO instant with its offset; null when neither. */
export function parseCampaignDate(text: string, timeZone: string): Date | null {
  const local = LOCAL_DATE.exec(text.trim());
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || (s ?? 0) > 59) return null;
    return fromWallTime({ year: y, month: mo, day: d, hour: h, minute: mi, second: s || 0 }, timeZone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text.trim())) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Midnight of the day `at` falls on, in the zone. */
export function startOfDay(at: Date, timeZone: string): Date {
  const w = wallTime(at, timeZone);
  return fromWallTime({ ...w, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Midnight of the next day, in the zone. */
export function startOfNextDay(at: Date, timeZone: string): Date {
  const w = wallTime(at, timeZone);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return fromWallTime({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (text: string): number | null => {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * When quiet hours [start, end) hold at `at` (they may wrap midnight), the instant they end; else null. Empty or
 * equal bounds mean no quiet hours.
 */
export function quietHoursEnd(at: Date, timeZone: string, start: string, end: string): Date | null {
  const from = minutes(start);
  const to = minutes(end);
  if (from === null || to === null || from === to) return null;
  const w = wallTime(at, timeZone);
  const now = w.hour * 60 + w.minute;
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return null;
  const endsToday = fromWallTime({ ...w, hour: Math.floor(to / 60), minute: to % 60, second: 0 }, timeZone);
  return now < to ? endsToday : new Date(startOfNextDay(at, timeZone).getTime() + to * 60_000);
}
