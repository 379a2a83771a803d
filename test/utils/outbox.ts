import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './channels.js';
import type { TestApp } from './test-app.js';
import { TIME_FACTOR } from './time.js';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails written to the outbox so far. */
export function outboxMails(t: TestApp): OutboxMail[] {
  const dir = t.config.mailOutboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail];
      } catch {
        return []; // still being written
      }
    });
}

/** Waits for a mail to this address (mails go out after the answer). */
export function mailTo(t: TestApp, to: string, subject?: string): Promise<OutboxMail> {
  return waitFor(() => outboxMails(t).find((m) => m.to === to && (!subject || m.subject === subject)), 10_000 * TIME_FACTOR);
}
