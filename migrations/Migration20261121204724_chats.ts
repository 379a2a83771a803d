import { Migration } from '@mikro-orm/migrations';

export class Migration20261121204724_chats extends Migration {
  override name = 'Migration20261121204724_chats';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "chats" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "uuid" uuid not null default gen_random_uuid(), "title" varchar(100) not null, "owner_id" int not null, "last_message" text null);`,
    );
    this.addSql(`create index "chats_company_id_updated_at_index" on "chats" ("company_id", "updated_at");`);
    this.addSql(`alter table "chats" add constraint "chats_company_id_uuid_unique" unique ("company_id", "uuid");`);

    this.addSql(
      `create table "chat_users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "chat_id" int not null, "user_id" int not null, "unreads" int not null default 0);`,
    );
    this.addSql(`create index "chat_users_company_id_user_id_index" on "chat_users" ("company_id", "user_id");`);
    this.addSql(`alter table "chat_users" add constraint "chat_users_company_id_chat_id_user_id_unique" unique ("company_id", "chat_id", "user_id");`);

    this.addSql(
      `create table "chat_messages" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "chat_id" int not null, "sender_id" int not null, "message" text not null);`,
    );
    this.addSql(`create index "chat_messages_company_id_chat_id_created_at_index" on "chat_messages" ("company_id", "chat_id", "created_at");`);

    this.addSql(`alter table "chats" add constraint "chats_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`);
    this.addSql(`alter table "chats" add constraint "chats_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);

    this.addSql(
      `alter table "chat_users" add constraint "chat_users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "chat_users" add constraint "chat_users_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_users" add constraint "chat_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(
      `alter table "chat_messages" add constraint "chat_messages_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "chat_messages" add constraint "chat_messages_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "chat_messages" add constraint "chat_messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "chat_users" drop constraint "chat_users_chat_id_foreign";`);
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_chat_id_foreign";`);

    this.addSql(`drop table if exists "chats" cascade;`);
    this.addSql(`drop table if exists "chat_users" cascade;`);
    this.addSql(`drop table if exists "chat_messages" cascade;`);
  }
}
