import { Migration } from '@mikro-orm/migrations';

const OUTCOMES_BEFORE = `'applied', 'unknown_charge', 'amount_mismatch', 'already_paid'`;
const OUTCOMES = `${OUTCOMES_BEFORE}, 'refunded', 'not_applied', 'already_refunded'`;

/**
 * Refunds and chargebacks. The transaction log records them beside the payments (`kind`), and an applied payment keeps
 * the due dates it moved between and the months it was worth (`due_before`, `due_after`, `months`), so a reversal
 * withdraws exactly what it granted; `reversed_at` marks a payment taken back. Invoices and charges get a `refunded`
 * status (and invoices the instant). Payments applied before this migration have no due dates recorded: a reversal
 * of one takes its months back from the current due date.
 */
export class Migration20261128150000_payment_reversals extends Migration {
  override name = 'Migration20261128150000_payment_reversals';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "payment_transactions" add column "kind" text not null default 'payment', add column "due_before" timestamptz null, add column "due_after" timestamptz null, add column "months" smallint null, add column "reversed_at" timestamptz null;`,
    );
    this.addSql(`alter table "payment_transactions" add constraint "payment_transactions_kind_check" check ("kind" in ('payment', 'refund', 'chargeback'));`);
    this.addSql(`alter table "payment_transactions" drop constraint "payment_transactions_outcome_check";`);
    this.addSql(`alter table "payment_transactions" add constraint "payment_transactions_outcome_check" check ("outcome" in (${OUTCOMES}));`);
    // A reversal finds the payment of its charge; a recount walks the company's applied payments in order.
    this.addSql(`create index "payment_transactions_company_id_charge_id_index" on "payment_transactions" ("company_id", "charge_id");`);

    this.addSql(`alter table "invoices" add column "refunded_at" timestamptz null;`);
    this.addSql(`alter table "invoices" drop constraint "invoices_status_check";`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('open', 'paid', 'refunded'));`);

    this.addSql(`alter table "payment_charges" drop constraint "payment_charges_status_check";`);
    this.addSql(
      `alter table "payment_charges" add constraint "payment_charges_status_check" check ("status" in ('creating', 'pending', 'paid', 'failed', 'refunded'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payment_charges" drop constraint "payment_charges_status_check";`);
    this.addSql(`update "payment_charges" set "status" = 'paid' where "status" = 'refunded';`);
    this.addSql(`alter table "payment_charges" add constraint "payment_charges_status_check" check ("status" in ('creating', 'pending', 'paid', 'failed'));`);

    this.addSql(`alter table "invoices" drop constraint "invoices_status_check";`);
    this.addSql(`update "invoices" set "status" = 'open' where "status" = 'refunded';`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('open', 'paid'));`);
    this.addSql(`alter table "invoices" drop column "refunded_at";`);

    this.addSql(`drop index "payment_transactions_company_id_charge_id_index";`);
    this.addSql(`delete from "payment_transactions" where "kind" <> 'payment';`);
    this.addSql(`alter table "payment_transactions" drop constraint "payment_transactions_outcome_check";`);
    this.addSql(`alter table "payment_transactions" add constraint "payment_transactions_outcome_check" check ("outcome" in (${OUTCOMES_BEFORE}));`);
    this.addSql(`alter table "payment_transactions" drop constraint "payment_transactions_kind_check";`);
    this.addSql(
      `alter table "payment_transactions" drop column "kind", drop column "due_before", drop column "due_after", drop column "months", drop column "reversed_at";`,
    );
  }
}
