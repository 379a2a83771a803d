import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201235_dashboard extends Migration {
  override name = 'Migration20261121201235_dashboard';

  override up(): void | Promise<void> {
    this.addSql(`create index "ticket_cycles_company_id_user_id_queued_at_index" on "ticket_cycles" ("company_id", "user_id", "queued_at");`);
    this.addSql(`create index "ticket_cycles_company_id_queued_at_index" on "ticket_cycles" ("company_id", "queued_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "ticket_cycles_company_id_user_id_queued_at_index";`);
    this.addSql(`drop index "ticket_cycles_company_id_queued_at_index";`);
  }
}
