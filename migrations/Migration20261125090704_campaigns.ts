import { Migration } from '@mikro-orm/migrations';

/** Contact lists and their imports, file lists, campaigns with their settings, shippings and the suppression list. */
export class Migration20261125090704_campaigns extends Migration {
  override name = 'Migration20261125090704_campaigns';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_lists" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(100) not null);`,
    );
    this.addSql(`create index "contact_lists_company_id_name_index" on "contact_lists" ("company_id", "name");`);

    this.addSql(
      `create table "contact_list_items" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "contact_list_id" int not null, "name" varchar(100) not null, "number" varchar(60) not null, "email" varchar(254) null, "is_whatsapp_valid" boolean null);`,
    );
    this.addSql(`create index "contact_list_items_company_id_contact_list_id_name_index" on "contact_list_items" ("company_id", "contact_list_id", "name");`);
    this.addSql(
      `alter table "contact_list_items" add constraint "contact_list_items_company_id_contact_list_id_number_unique" unique ("company_id", "contact_list_id", "number");`,
    );

    this.addSql(
      `create table "contact_list_imports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "contact_list_id" int not null, "status" text not null default 'queued', "stored_path" varchar(255) null, "file_name" varchar(255) not null, "total" int not null default 0, "processed" int not null default 0, "valid" int not null default 0, "invalid" int not null default 0, "duplicates" int not null default 0, "error" varchar(80) null, "finished_at" timestamptz null);`,
    );
    this.addSql(
      `create index "contact_list_imports_company_id_contact_list_id_cr_7bfab_index" on "contact_list_imports" ("company_id", "contact_list_id", "created_at");`,
    );
    // One import at a time per list, even when two uploads arrive together.
    this.addSql(
      `create unique index "contact_list_imports_one_running_index" on "contact_list_imports" ("company_id", "contact_list_id") where "status" in ('queued', 'running');`,
    );

    this.addSql(
      `create table "campaign_suppressions" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "number" varchar(60) not null, "keyword" varchar(60) not null);`,
    );
    this.addSql(`alter table "campaign_suppressions" add constraint "campaign_suppressions_company_id_number_unique" unique ("company_id", "number");`);

    this.addSql(
      `create table "campaign_settings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "key" varchar(80) not null, "value" text not null);`,
    );
    this.addSql(`alter table "campaign_settings" add constraint "campaign_settings_company_id_key_unique" unique ("company_id", "key");`);

    this.addSql(
      `create table "file_lists" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "user_id" int null, "name" varchar(100) not null, "message" text not null default '');`,
    );
    this.addSql(`create index "file_lists_company_id_name_index" on "file_lists" ("company_id", "name");`);

    this.addSql(
      `create table "file_list_options" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "file_list_id" int not null, "name" varchar(255) not null, "path" varchar(255) null, "media_type" varchar(120) null, "media_name" varchar(255) null);`,
    );
    this.addSql(`create index "file_list_options_company_id_file_list_id_index" on "file_list_options" ("company_id", "file_list_id");`);

    this.addSql(
      `create table "campaigns" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(100) not null, "status" text not null default 'INATIVA', "message1" text not null default '', "message2" text not null default '', "message3" text not null default '', "message4" text not null default '', "message5" text not null default '', "confirmation_message1" text not null default '', "confirmation_message2" text not null default '', "confirmation_message3" text not null default '', "confirmation_message4" text not null default '', "confirmation_message5" text not null default '', "confirmation" boolean not null default false, "scheduled_at" timestamptz null, "completed_at" timestamptz null, "whatsapp_id" int null, "contact_list_id" int null, "tag_list_id" int null, "file_list_id" int null, "media_path" varchar(255) null, "media_name" varchar(255) null, "pause_reason" varchar(60) null, "next_send_at" timestamptz null, "walked" int not null default 0);`,
    );
    this.addSql(`create index "campaigns_company_id_status_index" on "campaigns" ("company_id", "status");`);
    this.addSql(`create index "campaigns_company_id_created_at_index" on "campaigns" ("company_id", "created_at");`);

    this.addSql(
      `create table "campaign_shippings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "campaign_id" int not null, "position" int not null, "number" varchar(60) not null, "name" varchar(100) not null default '', "email" varchar(254) null, "checked" boolean not null default false, "status" text not null default 'pending', "whatsapp_id" int null, "provider_id" varchar(100) null, "body" text not null default '', "confirmation_provider_id" varchar(100) null, "confirmation_body" text not null default '', "variant" smallint null, "confirmation_requested_at" timestamptz null, "confirmed_at" timestamptz null, "delivered_at" timestamptz null, "failed_at" timestamptz null, "error" varchar(80) null);`,
    );
    this.addSql(
      `create index "campaign_shippings_company_id_whatsapp_id_delivered_at_index" on "campaign_shippings" ("company_id", "whatsapp_id", "delivered_at");`,
    );
    this.addSql(`create index "campaign_shippings_company_id_campaign_id_position_index" on "campaign_shippings" ("company_id", "campaign_id", "position");`);
    this.addSql(
      `alter table "campaign_shippings" add constraint "campaign_shippings_company_id_campaign_id_number_unique" unique ("company_id", "campaign_id", "number");`,
    );
    // The walk takes the next recipient to send without scanning those already sent.
    this.addSql(
      `create index "campaign_shippings_pending_index" on "campaign_shippings" ("company_id", "campaign_id", "position") where "status" in ('pending', 'sending');`,
    );
    // Messages sent per connection and day (company time zone), for the daily cap: one row read per send, whatever the volume.
    this.addSql(
      `create table "campaign_daily_sends" ("company_id" int not null references "companies" ("id") on delete cascade, "whatsapp_id" int not null, "day" date not null, "sent" int not null default 0, primary key ("company_id", "whatsapp_id", "day"));`,
    );
    // A customer's message looks up the campaign messages it answers by number.
    this.addSql(`create index "campaign_shippings_company_id_number_index" on "campaign_shippings" ("company_id", "number");`);

    this.addSql(
      `alter table "contact_lists" add constraint "contact_lists_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "contact_list_items" add constraint "contact_list_items_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_list_items" add constraint "contact_list_items_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "contact_list_imports" add constraint "contact_list_imports_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_list_imports" add constraint "contact_list_imports_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_list_imports" add constraint "contact_list_imports_status_check" check ("status" in ('queued', 'running', 'done', 'failed'));`,
    );

    this.addSql(
      `alter table "campaign_suppressions" add constraint "campaign_suppressions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "campaign_settings" add constraint "campaign_settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "file_lists" add constraint "file_lists_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "file_lists" add constraint "file_lists_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);

    this.addSql(
      `alter table "file_list_options" add constraint "file_list_options_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "file_list_options" add constraint "file_list_options_file_list_id_foreign" foreign key ("file_list_id") references "file_lists" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "campaigns" add constraint "campaigns_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_tag_list_id_foreign" foreign key ("tag_list_id") references "tags" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_file_list_id_foreign" foreign key ("file_list_id") references "file_lists" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'));`,
    );

    this.addSql(
      `alter table "campaign_shippings" add constraint "campaign_shippings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "campaign_shippings" add constraint "campaign_shippings_campaign_id_foreign" foreign key ("campaign_id") references "campaigns" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "campaign_shippings" add constraint "campaign_shippings_status_check" check ("status" in ('pending', 'sending', 'awaiting', 'delivered', 'failed', 'skipped'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contact_list_items" drop constraint "contact_list_items_contact_list_id_foreign";`);
    this.addSql(`alter table "contact_list_imports" drop constraint "contact_list_imports_contact_list_id_foreign";`);
    this.addSql(`alter table "campaigns" drop constraint "campaigns_contact_list_id_foreign";`);
    this.addSql(`alter table "file_list_options" drop constraint "file_list_options_file_list_id_foreign";`);
    this.addSql(`alter table "campaigns" drop constraint "campaigns_file_list_id_foreign";`);
    this.addSql(`alter table "campaign_shippings" drop constraint "campaign_shippings_campaign_id_foreign";`);

    this.addSql(`drop table if exists "campaign_daily_sends" cascade;`);
    this.addSql(`drop table if exists "contact_lists" cascade;`);
    this.addSql(`drop table if exists "contact_list_items" cascade;`);
    this.addSql(`drop table if exists "contact_list_imports" cascade;`);
    this.addSql(`drop table if exists "campaign_suppressions" cascade;`);
    this.addSql(`drop table if exists "campaign_settings" cascade;`);
    this.addSql(`drop table if exists "file_lists" cascade;`);
    this.addSql(`drop table if exists "file_list_options" cascade;`);
    this.addSql(`drop table if exists "campaigns" cascade;`);
    this.addSql(`drop table if exists "campaign_shippings" cascade;`);
  }
}
