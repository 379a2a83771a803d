import { Migration } from '@mikro-orm/migrations';

/**
 * Announcements (global, published by super users) and the per-user read markers of the top-bar bell; a marker
 * belongs to the reader's company, which leads its unique key.
 */
export class Migration20261125120000_announcements extends Migration {
  override name = 'Migration20261125120000_announcements';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "announcements" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(200) not null, "text" text not null, "priority" smallint not null default 3, "status" boolean not null default true, "media_path" varchar(255) null, "media_name" varchar(255) null);`,
    );
    this.addSql(
      `create table "announcement_reads" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "user_id" int not null, "announcement_id" int not null);`,
    );
    this.addSql(
      `alter table "announcement_reads" add constraint "announcement_reads_company_id_user_id_announcement_id_unique" unique ("company_id", "user_id", "announcement_id");`,
    );
    this.addSql(
      `alter table "announcement_reads" add constraint "announcement_reads_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "announcement_reads" add constraint "announcement_reads_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "announcement_reads" add constraint "announcement_reads_announcement_id_foreign" foreign key ("announcement_id") references "announcements" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "announcement_reads" cascade;`);
    this.addSql(`drop table if exists "announcements" cascade;`);
  }
}
