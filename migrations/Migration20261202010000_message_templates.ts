import { Migration } from '@mikro-orm/migrations';

/**
 * The message templates of WhatsApp Cloud API connections, as Meta last answered them (they are written in Meta's
 * tools; a sync reads them). One row per template of a connection: two connections on one business account keep
 * their own copies, and a sync replaces what its connection had.
 */
export class Migration20261202010000_message_templates extends Migration {
  override name = 'Migration20261202010000_message_templates';

  override up(): void | Promise<void> {
    this.addSql(`create table "message_templates" (
      "id" serial primary key,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "company_id" int not null references "companies" ("id") on update cascade on delete cascade,
      "whatsapp_id" int not null references "whatsapps" ("id") on update cascade on delete cascade,
      "meta_id" varchar(64) not null,
      "name" varchar(512) not null,
      "language" varchar(32) not null,
      "category" varchar(64) not null default '',
      "status" varchar(32) not null,
      "components" jsonb not null default '[]',
      "variables" int not null default 0,
      "header_format" varchar(16) null,
      "synced_at" timestamptz not null default now()
    );`);
    this.addSql(
      `alter table "message_templates" add constraint "message_templates_company_id_whatsapp_id_meta_id_unique" unique ("company_id", "whatsapp_id", "meta_id");`,
    );
    // The list screen filters by connection and status and sorts by name; the picker asks for a connection's approved ones.
    this.addSql(
      `create index "message_templates_company_id_whatsapp_id_status_name_index" on "message_templates" ("company_id", "whatsapp_id", "status", "name");`,
    );
    this.addSql(`create index "message_templates_company_id_name_index" on "message_templates" ("company_id", "name");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "message_templates" cascade;`);
  }
}
