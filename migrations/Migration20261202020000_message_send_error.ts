import { Migration } from '@mikro-orm/migrations';

/**
 * A send the provider reported failed after accepting it (a Cloud API status "failed"): the catalogued code the
 * chat shows and Meta's own code and title, kept for support.
 */
export class Migration20261202020000_message_send_error extends Migration {
  override name = 'Migration20261202020000_message_send_error';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messages" add column "send_error_code" varchar(64) null;`);
    this.addSql(`alter table "messages" add column "send_error" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messages" drop column "send_error";`);
    this.addSql(`alter table "messages" drop column "send_error_code";`);
  }
}
