import { Migration } from '@mikro-orm/migrations';

/** Every column that holds a company due date (or one an invoice or an applied payment copied from it). */
const COLUMNS = [
  ['companies', 'due_date'],
  ['companies', 'trial_expiration'],
  ['invoices', 'due_date'],
  ['payment_transactions', 'due_before'],
  ['payment_transactions', 'due_after'],
] as const;

/**
 * Due dates become days (src/shared/due-date.ts). Existing values keep their UTC day, not their São Paulo day: days set
 * in the Empresas form were stored as UTC midnight (their São Paulo day is the day before), and every screen and the
 * expiry text have shown the UTC day, so the UTC day is the day each company was told. Invoices and payments convert
 * by the same rule, so they still name their company's due day.
 */
export class Migration20261130040000_due_days extends Migration {
  override name = 'Migration20261130040000_due_days';

  override up(): void | Promise<void> {
    for (const [table, column] of COLUMNS) {
      this.addSql(`alter table "${table}" alter column "${column}" type date using ("${column}" at time zone 'UTC')::date;`);
    }
  }

  override down(): void | Promise<void> {
    for (const [table, column] of COLUMNS) {
      this.addSql(`alter table "${table}" alter column "${column}" type timestamptz using ("${column}"::timestamp at time zone 'UTC');`);
    }
  }
}
