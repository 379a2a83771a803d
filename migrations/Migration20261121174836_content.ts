import { Migration } from '@mikro-orm/migrations';

export class Migration20261121174836_content extends Migration {
  override name = 'Migration20261121174836_content';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tags" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(50) not null, "color" varchar(9) not null, "kanban" boolean not null default false, "user_id" int null);`,
    );
    this.addSql(`alter table "tags" add constraint "tags_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(
      `create table "quick_messages" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "user_id" int not null, "shortcode" varchar(100) not null, "message" text not null default '', "geral" boolean not null default false, "status" boolean not null default true, "media_path" varchar(255) null, "media_name" varchar(255) null);`,
    );
    this.addSql(`create index "quick_messages_company_id_shortcode_index" on "quick_messages" ("company_id", "shortcode");`);
    this.addSql(
      `alter table "quick_messages" add constraint "quick_messages_company_id_user_id_shortcode_unique" unique ("company_id", "user_id", "shortcode");`,
    );

    this.addSql(
      `create table "ticket_tags" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "ticket_id" int not null, "tag_id" int not null);`,
    );
    this.addSql(`create index "ticket_tags_company_id_tag_id_index" on "ticket_tags" ("company_id", "tag_id");`);
    this.addSql(`alter table "ticket_tags" add constraint "ticket_tags_company_id_ticket_id_tag_id_unique" unique ("company_id", "ticket_id", "tag_id");`);

    this.addSql(
      `create table "ticket_notes" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "ticket_id" int not null, "contact_id" int not null, "user_id" int null, "note" text not null);`,
    );
    this.addSql(`create index "ticket_notes_company_id_contact_id_created_at_index" on "ticket_notes" ("company_id", "contact_id", "created_at");`);
    this.addSql(`create index "ticket_notes_company_id_ticket_id_created_at_index" on "ticket_notes" ("company_id", "ticket_id", "created_at");`);

    this.addSql(`alter table "tags" add constraint "tags_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`);
    this.addSql(`alter table "tags" add constraint "tags_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);

    this.addSql(
      `alter table "quick_messages" add constraint "quick_messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "quick_messages" add constraint "quick_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "ticket_tags" add constraint "ticket_tags_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_tags" add constraint "ticket_tags_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "ticket_tags" add constraint "ticket_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on delete cascade;`);

    this.addSql(
      `alter table "ticket_notes" add constraint "ticket_notes_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_notes" add constraint "ticket_notes_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_notes" add constraint "ticket_notes_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_notes" add constraint "ticket_notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ticket_tags" drop constraint "ticket_tags_tag_id_foreign";`);

    this.addSql(`drop table if exists "tags" cascade;`);
    this.addSql(`drop table if exists "quick_messages" cascade;`);
    this.addSql(`drop table if exists "ticket_tags" cascade;`);
    this.addSql(`drop table if exists "ticket_notes" cascade;`);
  }
}
