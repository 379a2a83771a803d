import { Migration } from '@mikro-orm/migrations';

/** An import tells how many rows had an e-mail that is not one, and on which lines of the sheet (the first 20). */
export class Migration20261130020000_import_invalid_emails extends Migration {
  override name = 'Migration20261130020000_import_invalid_emails';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contact_list_imports" add column "invalid_emails" int not null default 0;`);
    this.addSql(`alter table "contact_list_imports" add column "invalid_email_lines" jsonb not null default '[]';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contact_list_imports" drop column "invalid_email_lines";`);
    this.addSql(`alter table "contact_list_imports" drop column "invalid_emails";`);
  }
}
