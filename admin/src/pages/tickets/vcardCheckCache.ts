import type { ContactOption } from './types';

/** What the card learnt about a shared number. */
export type VcardAnswer = { state: 'known'; contact: ContactOption } | { state: 'unknown' } | { state: 'outside' };

const answers = new Map<string, VcardAnswer>();
const running = new Map<string, Promise<VcardAnswer>>();

/** The answer already known for a number in this browser session, if any. */
export const cachedVcardAnswer = (number: string): VcardAnswer | undefined => answers.get(number);

/** Keeps an answer for the session (a check, or what 'Conversar' found out). */
export function rememberVcardAnswer(number: string, answer: VcardAnswer): void {
  answers.set(number, answer);
}

/** Runs the check once per number for the session: cards shown again, or at the same time, share its answer. */
export function checkVcardNumber(number: string, check: () => Promise<VcardAnswer>): Promise<VcardAnswer> {
  const known = answers.get(number);
  if (known) return Promise.resolve(known);
  const pending = running.get(number);
  if (pending) return pending;
  const started = check()
    .then((answer) => {
      answers.set(number, answer);
      return answer;
    })
    .finally(() => running.delete(number));
  running.set(number, started);
  return started;
}

/** For tests: forgets every answer. */
export function clearVcardAnswers(): void {
  answers.clear();
  running.clear();
}
