import { Migration } from '@mikro-orm/migrations';

/**
 * Billing: invoices (one per company and due date), the Pix charges issued for them (found by company and txid), and
 * the log of confirmed payments the providers reported (one row per provider transaction: the webhook's idempotency
 * key; not tenant-owned, since a report may name a charge nobody here issued).
 */
export class Migration20261125121620_billing extends Migration {
  override name = 'Migration20261125121620_billing';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_transactions" ("id" serial primary key, "provider" varchar(30) not null, "transaction_id" varchar(100) not null, "charge_id" varchar(100) not null, "company_id" int null, "invoice_id" int null, "amount" numeric(12,2) not null, "paid_at" timestamptz not null, "outcome" text not null, "received_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "payment_transactions_company_id_received_at_index" on "payment_transactions" ("company_id", "received_at");`);
    this.addSql(
      `alter table "payment_transactions" add constraint "payment_transactions_provider_transaction_id_unique" unique ("provider", "transaction_id");`,
    );

    this.addSql(
      `create table "invoices" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "due_date" timestamptz not null, "value" numeric(12,2) not null, "detail" varchar(200) not null, "status" text not null default 'open', "paid_at" timestamptz null);`,
    );
    this.addSql(`create index "invoices_company_id_status_due_date_index" on "invoices" ("company_id", "status", "due_date");`);
    this.addSql(`alter table "invoices" add constraint "invoices_company_id_due_date_unique" unique ("company_id", "due_date");`);

    this.addSql(
      `create table "payment_charges" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "invoice_id" int not null, "provider" varchar(30) not null, "txid" varchar(35) not null, "provider_charge_id" varchar(100) null, "amount" numeric(12,2) not null, "br_code" text null, "qr_data_url" text null, "expires_at" timestamptz not null, "status" text not null default 'creating');`,
    );
    this.addSql(`create index "payment_charges_company_id_invoice_id_status_index" on "payment_charges" ("company_id", "invoice_id", "status");`);
    this.addSql(`alter table "payment_charges" add constraint "payment_charges_company_id_txid_unique" unique ("company_id", "txid");`);

    this.addSql(`alter table "companies" add "trial_expiration" timestamptz null;`);

    this.addSql(
      `alter table "payment_transactions" add constraint "payment_transactions_outcome_check" check ("outcome" in ('applied', 'unknown_charge', 'amount_mismatch', 'already_paid'));`,
    );

    this.addSql(
      `alter table "invoices" add constraint "invoices_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('open', 'paid'));`);

    this.addSql(
      `alter table "payment_charges" add constraint "payment_charges_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "payment_charges" add constraint "payment_charges_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "payment_charges" add constraint "payment_charges_status_check" check ("status" in ('creating', 'pending', 'paid', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "payment_charges" drop constraint "payment_charges_invoice_id_foreign";`);

    this.addSql(`drop table if exists "payment_transactions" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
    this.addSql(`drop table if exists "payment_charges" cascade;`);

    this.addSql(`alter table "companies" drop column "trial_expiration";`);
  }
}
