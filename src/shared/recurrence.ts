import type { Recurrence } from './api-types.js';
import { dueDay, todayIn } from './due-date.js';

/** How far one payment moves a company's due date (server-behaviour §8; administration §4 '+ Vencimento'). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** `date` plus whole months in UTC; a day the target month lacks becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The due day after a payment: the recurrence counted from the later of the current due day and today in the
 * company's zone (an expired company renews from the day it pays).
 */
export function renewedDueDate(dueDate: Date | null, recurrence: Recurrence, timeZone: string, now: Date = new Date()): Date {
  const today = todayIn(timeZone, now);
  const from = dueDate && dueDay(dueDate).getTime() > today.getTime() ? dueDay(dueDate) : today;
  return addMonths(from, RECURRENCE_MONTHS[recurrence]);
}
