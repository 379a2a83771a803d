import { addMonths } from '../../shared/recurrence.js';
import type { Rechained } from './invoices.repository.js';

/** An applied payment as the recount reads it. */
export interface StandingPayment {
  id: number;
  /** The company's due date before it (null: the company had none). */
  dueBefore: Date | null;
  /** The due date it gave (null: applied before due dates were recorded). */
  dueAfter: Date | null;
  months: number;
  /** The company's day when it was applied: a payment made after the due day had passed counts from then. */
  appliedAt: Date;
}

export interface Withdrawal {
  /** The company's due date once the payment is taken back. */
  dueDate: Date | null;
  /** The later payments' due dates, recounted without it. */
  rechained: Rechained[];
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The due date once `reversed` is taken back: the time it granted is withdrawn, and each payment applied after it
 * counts again from where the one before now ends (from when it was applied, if that is later), as it would have had
 * the reversed one never been paid. A change made to the due date by hand since then (support extending it) is kept:
 * the current date moves by what the recount takes off. Payments applied before due dates were recorded take their
 * months back from the current due date.
 */
export function withdrawnDueDate(current: Date | null, reversed: StandingPayment, standingAfter: StandingPayment[]): Withdrawal {
  if (!reversed.dueAfter) return { dueDate: current && addMonths(current, -reversed.months), rechained: [] };
  const chainEnd = standingAfter.at(-1)?.dueAfter ?? reversed.dueAfter;
  let due = reversed.dueBefore ?? reversed.appliedAt;
  const rechained: Rechained[] = [];
  for (const payment of standingAfter) {
    const dueAfter = addMonths(later(due, payment.appliedAt), payment.months);
    rechained.push({ id: payment.id, dueBefore: due, dueAfter });
    due = dueAfter;
  }
  if (!current) return { dueDate: null, rechained };
  return { dueDate: new Date(current.getTime() - (chainEnd.getTime() - due.getTime())), rechained };
}
