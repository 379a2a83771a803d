import { addMonths } from '../../shared/recurrence.js';
import { type StandingPayment, withdrawnDueDate } from './reversal.js';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** A payment applied at `appliedAt` that moved the due date from `dueBefore` by `months`, as the webhook records it. */
function paid(id: number, dueBefore: Date | null, appliedAt: Date, months = 1): StandingPayment {
  const from = dueBefore && dueBefore > appliedAt ? dueBefore : appliedAt;
  return { id, dueBefore, dueAfter: addMonths(from, months), months, appliedAt };
}

describe('the due date once a payment is taken back', () => {
  it('goes back to where it was when nothing was paid after', () => {
    const payment = paid(1, at('2026-03-10'), at('2026-03-01'));
    expect(withdrawnDueDate(payment.dueAfter, payment, [])).toEqual({ dueDate: at('2026-03-10'), rechained: [] });
  });

  it('goes back to the past due date when the payment renewed an expired company', () => {
    const payment = paid(1, at('2026-02-01'), at('2026-03-01'));
    expect(payment.dueAfter).toEqual(at('2026-04-01'));
    expect(withdrawnDueDate(payment.dueAfter, payment, []).dueDate).toEqual(at('2026-02-01'));
  });

  it('counts the later payments again from where the earlier ones end, from when they were applied if later', () => {
    const first = paid(1, at('2026-03-10'), at('2026-03-01'));
    const second = paid(2, first.dueAfter, at('2026-03-05'));
    expect(withdrawnDueDate(second.dueAfter, first, [second])).toEqual({
      dueDate: at('2026-04-10'),
      rechained: [{ id: 2, dueBefore: at('2026-03-10'), dueAfter: at('2026-04-10') }],
    });
    // The first paid an expired company late; without it, the second renewed an expired one from its own payment day.
    const late = paid(1, at('2026-01-10'), at('2026-03-01'));
    const next = paid(2, late.dueAfter, at('2026-03-20'), 3);
    expect(withdrawnDueDate(next.dueAfter, late, [next]).dueDate).toEqual(at('2026-06-20'));
  });

  it('keeps a change made by hand since then, moving it by what the payment granted', () => {
    const payment = paid(1, at('2026-03-10'), at('2026-03-01'));
    const extendedBySupport = new Date(payment.dueAfter!.getTime() + 7 * 86_400_000);
    expect(withdrawnDueDate(extendedBySupport, payment, []).dueDate).toEqual(at('2026-03-17'));
    expect(withdrawnDueDate(null, payment, []).dueDate).toBeNull();
  });

  it('takes the months back from the current due date for a payment applied before due dates were recorded', () => {
    const legacy: StandingPayment = { id: 1, dueBefore: null, dueAfter: null, months: 3, appliedAt: at('2026-01-01') };
    expect(withdrawnDueDate(at('2026-07-15'), legacy, [])).toEqual({ dueDate: at('2026-04-15'), rechained: [] });
  });
});
