import { Migration } from '@mikro-orm/migrations';

export class Migration20261121190833_automation extends Migration {
  override name = 'Migration20261121190833_automation';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "queue_integrations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "type" text not null, "name" varchar(50) not null, "project_name" varchar(255) null, "json_content" text null, "language" varchar(10) null, "url_n8n" varchar(1000) null, "typebot_delay_message" int not null default 1000, "typebot_expires" int not null default 1, "typebot_keyword_finish" varchar(100) null, "typebot_keyword_restart" varchar(100) null, "typebot_restart_message" text null, "typebot_slug" varchar(255) null, "typebot_unknown_message" text null);`,
    );
    this.addSql(`alter table "queue_integrations" add constraint "queue_integrations_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(
      `create table "prompts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(100) not null, "prompt" text not null, "voice" varchar(100) not null default 'texto', "voice_key" text null, "voice_region" varchar(100) null, "max_tokens" int not null default 100, "temperature" double precision not null default 1, "api_key" text not null, "queue_id" int not null, "max_messages" int not null default 10, "model" varchar(100) not null default 'gpt-4o-mini');`,
    );
    this.addSql(`alter table "prompts" add constraint "prompts_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(
      `create table "user_ratings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "ticket_id" int not null, "user_id" int null, "rate" smallint not null);`,
    );
    this.addSql(`create index "user_ratings_company_id_user_id_created_at_index" on "user_ratings" ("company_id", "user_id", "created_at");`);
    this.addSql(`create index "user_ratings_company_id_created_at_index" on "user_ratings" ("company_id", "created_at");`);

    this.addSql(
      `alter table "queues" add "integration_id" int null, add "prompt_id" int null, add "media_path" varchar(255) null, add "media_name" varchar(255) null;`,
    );
    this.addSql(
      `alter table "queues" add constraint "queues_integration_id_foreign" foreign key ("integration_id") references "queue_integrations" ("id") on delete set null;`,
    );
    this.addSql(`alter table "queues" add constraint "queues_prompt_id_foreign" foreign key ("prompt_id") references "prompts" ("id") on delete set null;`);

    // The column existed before the prompts table did, so any value in it points nowhere.
    this.addSql(`update "whatsapps" set "prompt_id" = null where "prompt_id" is not null;`);
    this.addSql(
      `alter table "whatsapps" add constraint "whatsapps_prompt_id_foreign" foreign key ("prompt_id") references "prompts" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "tickets" add "rating_requested_at" timestamptz null, add "rating_reminded" boolean not null default false, add "bot_menu_at" timestamptz null, add "typebot_session_id" varchar(255) null, add "typebot_session_at" timestamptz null;`,
    );

    this.addSql(
      `alter table "queue_integrations" add constraint "queue_integrations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "queue_integrations" add constraint "queue_integrations_type_check" check ("type" in ('dialogflow', 'n8n', 'webhook', 'typebot'));`,
    );

    this.addSql(
      `alter table "prompts" add constraint "prompts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "prompts" add constraint "prompts_queue_id_foreign" foreign key ("queue_id") references "queues" ("id") on delete cascade;`);

    this.addSql(
      `alter table "user_ratings" add constraint "user_ratings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_ratings" add constraint "user_ratings_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_ratings" add constraint "user_ratings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "queues" drop constraint "queues_integration_id_foreign";`);
    this.addSql(`alter table "queues" drop constraint "queues_prompt_id_foreign";`);
    this.addSql(`alter table "whatsapps" drop constraint "whatsapps_prompt_id_foreign";`);

    this.addSql(`drop table if exists "queue_integrations" cascade;`);
    this.addSql(`drop table if exists "prompts" cascade;`);
    this.addSql(`drop table if exists "user_ratings" cascade;`);

    this.addSql(`alter table "queues" drop column "integration_id", drop column "prompt_id", drop column "media_path", drop column "media_name";`);

    this.addSql(
      `alter table "tickets" drop column "rating_requested_at", drop column "rating_reminded", drop column "bot_menu_at", drop column "typebot_session_id", drop column "typebot_session_at";`,
    );
  }
}
