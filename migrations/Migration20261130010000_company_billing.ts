import { Migration } from '@mikro-orm/migrations';

const COLUMNS = [
  ['billing_name', 200],
  ['address_zip_code', 20],
  ['address_street', 200],
  ['address_state', 100],
  ['address_city', 100],
  ['address_district', 100],
] as const;

/** The company's billing data, asked by the checkout's 'Dados' step and kept for the next time (administration §3). */
export class Migration20261130010000_company_billing extends Migration {
  override name = 'Migration20261130010000_company_billing';

  override up(): void | Promise<void> {
    for (const [column, length] of COLUMNS) this.addSql(`alter table "companies" add column if not exists "${column}" varchar(${length}) null;`);
  }

  override down(): void | Promise<void> {
    for (const [column] of COLUMNS) this.addSql(`alter table "companies" drop column if exists "${column}";`);
  }
}
