import { Migration } from '@mikro-orm/migrations';

export class Migration20261121183056_config extends Migration {
  override name = 'Migration20261121183056_config';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "queue_options" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "queue_id" int not null, "parent_id" int null, "title" varchar(100) not null, "message" text not null default '', "option" int not null, "media_path" varchar(255) null, "media_name" varchar(255) null);`,
    );
    this.addSql(
      `create index "queue_options_company_id_queue_id_parent_id_option_index" on "queue_options" ("company_id", "queue_id", "parent_id", "option");`,
    );

    this.addSql(
      `alter table "queue_options" add constraint "queue_options_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "queue_options" add constraint "queue_options_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "queue_options" add constraint "queue_options_parent_id_foreign" foreign key ("parent_id") references "queue_options" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "queue_options" drop constraint "queue_options_parent_id_foreign";`);

    this.addSql(`drop table if exists "queue_options" cascade;`);
  }
}
