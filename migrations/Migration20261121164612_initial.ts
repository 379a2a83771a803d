import { Migration } from '@mikro-orm/migrations';

export class Migration20261121164612_initial extends Migration {
  override name = 'Migration20261121164612_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "helps" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(200) not null, "description" text null, "video" varchar(200) null);`,
    );

    this.addSql(
      `create table "plans" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "users" int not null default 0, "connections" int not null default 0, "queues" int not null default 0, "value" numeric(12,2) not null default 0, "use_campaigns" boolean not null default true, "use_schedules" boolean not null default true, "use_internal_chat" boolean not null default true, "use_external_api" boolean not null default true, "use_kanban" boolean not null default true, "use_open_ai" boolean not null default true, "use_integrations" boolean not null default true);`,
    );
    this.addSql(`alter table "plans" add constraint "plans_name_unique" unique ("name");`);

    this.addSql(
      `create table "companies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(120) not null, "email" varchar(254) null, "phone" varchar(40) null, "status" boolean not null default true, "due_date" timestamptz null, "recurrence" text not null default 'MENSAL', "plan_id" int null, "schedules" jsonb null, "timezone" varchar(64) not null default 'America/Sao_Paulo');`,
    );

    this.addSql(
      `create table "queues" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(50) not null, "color" varchar(9) not null, "order_queue" int null, "greeting_message" text null, "out_of_hours_message" text null, "schedules" jsonb null);`,
    );
    this.addSql(`alter table "queues" add constraint "queues_company_id_color_unique" unique ("company_id", "color");`);
    this.addSql(`alter table "queues" add constraint "queues_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(
      `create table "settings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "key" varchar(80) not null, "value" text not null);`,
    );
    this.addSql(`alter table "settings" add constraint "settings_company_id_key_unique" unique ("company_id", "key");`);

    this.addSql(
      `create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(50) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "profile" text not null default 'user', "super" boolean not null default false, "all_ticket" text not null default 'desabled', "whatsapp_id" int null, "token_version" int not null default 0, "online" boolean not null default false, "last_seen_at" timestamptz null);`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_company_id_name_index" on "users" ("company_id", "name");`);

    this.addSql(
      `create table "password_resets" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "token_hash" varchar(128) not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`,
    );
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`create table "user_queues" ("user_id" int not null, "queue_id" int not null, primary key ("user_id", "queue_id"));`);

    this.addSql(`alter table "companies" add constraint "companies_plan_id_foreign" foreign key ("plan_id") references "plans" ("id") on delete set null;`);
    this.addSql(
      `alter table "companies" add constraint "companies_recurrence_check" check ("recurrence" in ('MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'));`,
    );

    this.addSql(`alter table "queues" add constraint "queues_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`);

    this.addSql(
      `alter table "settings" add constraint "settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "users" add constraint "users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`);
    this.addSql(`alter table "users" add constraint "users_profile_check" check ("profile" in ('admin', 'supervisor', 'user'));`);
    this.addSql(`alter table "users" add constraint "users_all_ticket_check" check ("all_ticket" in ('enabled', 'desabled'));`);

    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_queues" add constraint "user_queues_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_queues" add constraint "user_queues_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "companies" drop constraint "companies_plan_id_foreign";`);
    this.addSql(`alter table "queues" drop constraint "queues_company_id_foreign";`);
    this.addSql(`alter table "settings" drop constraint "settings_company_id_foreign";`);
    this.addSql(`alter table "users" drop constraint "users_company_id_foreign";`);
    this.addSql(`alter table "user_queues" drop constraint "user_queues_queue_id_foreign";`);
    this.addSql(`alter table "password_resets" drop constraint "password_resets_user_id_foreign";`);
    this.addSql(`alter table "user_queues" drop constraint "user_queues_user_id_foreign";`);

    this.addSql(`drop table if exists "helps" cascade;`);
    this.addSql(`drop table if exists "plans" cascade;`);
    this.addSql(`drop table if exists "companies" cascade;`);
    this.addSql(`drop table if exists "queues" cascade;`);
    this.addSql(`drop table if exists "settings" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "password_resets" cascade;`);
    this.addSql(`drop table if exists "user_queues" cascade;`);
  }
}
