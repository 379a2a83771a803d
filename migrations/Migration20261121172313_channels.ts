import { Migration } from '@mikro-orm/migrations';

export class Migration20261121172313_channels extends Migration {
  override name = 'Migration20261121172313_channels';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "whatsapps" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(50) not null, "status" text not null default 'DISCONNECTED', "qrcode" text null, "retries" int not null default 0, "is_default" boolean not null default false, "provider" varchar(20) not null default 'beta', "phone_number" varchar(30) null, "disconnect_reason" text null, "greeting_message" text null, "complation_message" text null, "out_of_hours_message" text null, "rating_message" text null, "expires_inactive_message" text null, "expires_ticket" int not null default 0, "time_use_bot_queues" int not null default 0, "max_use_bot_queues" int not null default 3, "time_to_transfer" int null, "transfer_queue_id" int null, "prompt_id" int null, "token_hash" varchar(64) null, "token_hint" varchar(8) null);`,
    );
    this.addSql(`create index "whatsapps_company_id_status_index" on "whatsapps" ("company_id", "status");`);
    this.addSql(`alter table "whatsapps" add constraint "whatsapps_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(
      `create table "contacts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "uuid" uuid not null default gen_random_uuid(), "name" varchar(100) not null, "number" varchar(60) not null, "email" varchar(254) null, "profile_pic_url" text null, "profile_pic_updated_at" timestamptz null, "is_group" boolean not null default false, "whatsapp_id" int null);`,
    );
    this.addSql(`create index "contacts_company_id_created_at_index" on "contacts" ("company_id", "created_at");`);
    this.addSql(`create index "contacts_company_id_name_index" on "contacts" ("company_id", "name");`);
    this.addSql(`alter table "contacts" add constraint "contacts_company_id_number_unique" unique ("company_id", "number");`);

    this.addSql(
      `create table "tickets" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "uuid" uuid not null default gen_random_uuid(), "status" text not null default 'pending', "contact_id" int not null, "whatsapp_id" int null, "user_id" int null, "queue_id" int null, "last_message" text null, "unread_messages" int not null default 0, "is_group" boolean not null default false, "chatbot" boolean not null default false, "use_integration" boolean not null default false, "integration_id" int null, "prompt_id" int null, "protocol" varchar(32) not null, "amount_used_bot_queues" int not null default 0);`,
    );
    this.addSql(`create index "tickets_company_id_user_id_status_index" on "tickets" ("company_id", "user_id", "status");`);
    this.addSql(`create index "tickets_company_id_queue_id_status_index" on "tickets" ("company_id", "queue_id", "status");`);
    this.addSql(`create index "tickets_company_id_contact_id_index" on "tickets" ("company_id", "contact_id");`);
    this.addSql(`create index "tickets_company_id_status_updated_at_index" on "tickets" ("company_id", "status", "updated_at");`);
    this.addSql(`alter table "tickets" add constraint "tickets_company_id_uuid_unique" unique ("company_id", "uuid");`);

    this.addSql(
      `create table "ticket_cycles" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "ticket_id" int not null, "user_id" int null, "queue_id" int null, "queued_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, "rating_at" timestamptz null);`,
    );
    this.addSql(`create index "ticket_cycles_company_id_created_at_index" on "ticket_cycles" ("company_id", "created_at");`);
    this.addSql(`create index "ticket_cycles_company_id_ticket_id_index" on "ticket_cycles" ("company_id", "ticket_id");`);

    this.addSql(
      `create table "messages" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "ticket_id" int not null, "contact_id" int null, "whatsapp_id" int null, "provider_id" varchar(128) not null, "remote_jid" varchar(128) not null, "participant" varchar(128) null, "sender_name" varchar(100) null, "body" text not null default '', "from_me" boolean not null default false, "read" boolean not null default false, "ack" smallint not null default 0, "media_type" varchar(30) not null default 'chat', "media_path" varchar(255) null, "media_name" varchar(255) null, "quoted_msg_id" int null, "is_deleted" boolean not null default false, "is_edited" boolean not null default false, "edit_history" jsonb null, "sent_at" timestamptz null);`,
    );
    this.addSql(`create index "messages_company_id_contact_id_created_at_index" on "messages" ("company_id", "contact_id", "created_at");`);
    this.addSql(`create index "messages_company_id_ticket_id_created_at_id_index" on "messages" ("company_id", "ticket_id", "created_at", "id");`);
    this.addSql(
      `alter table "messages" add constraint "messages_company_id_whatsapp_id_provider_id_unique" unique ("company_id", "whatsapp_id", "provider_id");`,
    );

    this.addSql(
      `create table "contact_custom_fields" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "contact_id" int not null, "name" varchar(100) not null, "value" text not null);`,
    );
    this.addSql(`create index "contact_custom_fields_company_id_contact_id_index" on "contact_custom_fields" ("company_id", "contact_id");`);

    this.addSql(
      `create table "channel_auth_keys" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "whatsapp_id" int not null, "type" varchar(64) not null, "key_id" varchar(255) not null, "value" text not null);`,
    );
    this.addSql(`create index "channel_auth_keys_company_id_whatsapp_id_index" on "channel_auth_keys" ("company_id", "whatsapp_id");`);
    this.addSql(
      `alter table "channel_auth_keys" add constraint "channel_auth_keys_company_id_whatsapp_id_type_key_id_unique" unique ("company_id", "whatsapp_id", "type", "key_id");`,
    );

    this.addSql(`create table "whatsapp_queues" ("whatsapp_id" int not null, "queue_id" int not null, primary key ("whatsapp_id", "queue_id"));`);

    this.addSql(
      `alter table "whatsapps" add constraint "whatsapps_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "whatsapps" add constraint "whatsapps_transfer_queue_id_foreign" foreign key ("transfer_queue_id") references "queues" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "whatsapps" add constraint "whatsapps_status_check" check ("status" in ('OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'));`,
    );

    this.addSql(
      `alter table "contacts" add constraint "contacts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "tickets" add constraint "tickets_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "tickets" add constraint "tickets_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`);
    this.addSql(
      `alter table "tickets" add constraint "tickets_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete set null;`,
    );
    this.addSql(`alter table "tickets" add constraint "tickets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_status_check" check ("status" in ('pending', 'open', 'closed'));`);

    this.addSql(
      `alter table "ticket_cycles" add constraint "ticket_cycles_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_cycles" add constraint "ticket_cycles_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_cycles" add constraint "ticket_cycles_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "ticket_cycles" add constraint "ticket_cycles_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "messages" add constraint "messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "messages" add constraint "messages_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(
      `alter table "messages" add constraint "messages_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_quoted_msg_id_foreign" foreign key ("quoted_msg_id") references "messages" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "contact_custom_fields" add constraint "contact_custom_fields_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_custom_fields" add constraint "contact_custom_fields_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "channel_auth_keys" add constraint "channel_auth_keys_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "channel_auth_keys" add constraint "channel_auth_keys_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "whatsapp_queues" add constraint "whatsapp_queues_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "whatsapp_queues" add constraint "whatsapp_queues_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete cascade;`,
    );

    // At most one default connection per company, and one non-closed ticket per (contact, connection).
    this.addSql(`create unique index "whatsapps_company_id_default_unique" on "whatsapps" ("company_id") where "is_default";`);
    this.addSql(`create unique index "tickets_open_contact_whatsapp_unique" on "tickets" ("contact_id", "whatsapp_id") where "status" <> 'closed';`);
    // Contact search by any part of the name or number.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "contacts_name_trgm_index" on "contacts" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "contacts_number_trgm_index" on "contacts" using gin ("number" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "contacts_number_trgm_index";`);
    this.addSql(`drop index if exists "contacts_name_trgm_index";`);
    this.addSql(`drop index if exists "tickets_open_contact_whatsapp_unique";`);
    this.addSql(`drop index if exists "whatsapps_company_id_default_unique";`);
    this.addSql(`alter table "contacts" drop constraint "contacts_whatsapp_id_foreign";`);
    this.addSql(`alter table "tickets" drop constraint "tickets_whatsapp_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_whatsapp_id_foreign";`);
    this.addSql(`alter table "channel_auth_keys" drop constraint "channel_auth_keys_whatsapp_id_foreign";`);
    this.addSql(`alter table "whatsapp_queues" drop constraint "whatsapp_queues_whatsapp_id_foreign";`);
    this.addSql(`alter table "tickets" drop constraint "tickets_contact_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_contact_id_foreign";`);
    this.addSql(`alter table "contact_custom_fields" drop constraint "contact_custom_fields_contact_id_foreign";`);
    this.addSql(`alter table "ticket_cycles" drop constraint "ticket_cycles_ticket_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_ticket_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_quoted_msg_id_foreign";`);

    this.addSql(`drop table if exists "whatsapps" cascade;`);
    this.addSql(`drop table if exists "contacts" cascade;`);
    this.addSql(`drop table if exists "tickets" cascade;`);
    this.addSql(`drop table if exists "ticket_cycles" cascade;`);
    this.addSql(`drop table if exists "messages" cascade;`);
    this.addSql(`drop table if exists "contact_custom_fields" cascade;`);
    this.addSql(`drop table if exists "channel_auth_keys" cascade;`);
    this.addSql(`drop table if exists "whatsapp_queues" cascade;`);
  }
}
