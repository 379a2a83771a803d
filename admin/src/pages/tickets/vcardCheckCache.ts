import type { ContactWhatsappCheckResponse } from '../../../../src/shared/api-types';
import type { ContactOption } from './types';

/**
 * What the card learnt about a shared number: a contact of the company ('known'), on WhatsApp but no contact yet
 * ('available'), not on WhatsApp ('outside'), or nobody could tell ('unknown').
 */
export type VcardAnswer = { state: 'known'; contact: ContactOption } | { state: 'available' } | { state: 'unknown' } | { state: 'outside' };

/** The card's answer from POST /contacts/whatsapp-check. */
export function vcardAnswerOf(check: Pick<ContactWhatsappCheckResponse, 'exists' | 'contact'>): VcardAnswer {
  if (check.exists === false) return { state: 'outside' };
  if (check.contact) return { state: 'known', contact: check.contact };
  return check.exists ? { state: 'available' } : { state: 'unknown' };
}

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
