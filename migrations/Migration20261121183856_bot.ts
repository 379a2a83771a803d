import { Migration } from '@mikro-orm/migrations';

export class Migration20261121183856_bot extends Migration {
  override name = 'Migration20261121183856_bot';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add "queue_option_id" int null;`);
    this.addSql(
      `alter table "tickets" add constraint "tickets_queue_option_id_foreign" foreign key ("queue_option_id") references "queue_options" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tickets" drop constraint "tickets_queue_option_id_foreign";`);

    this.addSql(`alter table "tickets" drop column "queue_option_id";`);
  }
}
