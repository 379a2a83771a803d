import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201526_schedules extends Migration {
  override name = 'Migration20261121201526_schedules';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "schedules" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "body" text not null, "send_at" timestamptz not null, "sent_at" timestamptz null, "status" text not null default 'PENDENTE', "error" text null, "contact_id" int not null, "whatsapp_id" int null, "user_id" int null, "ticket_id" int null);`,
    );
    this.addSql(`create index "schedules_company_id_contact_id_index" on "schedules" ("company_id", "contact_id");`);
    this.addSql(`create index "schedules_company_id_send_at_index" on "schedules" ("company_id", "send_at");`);

    this.addSql(
      `alter table "schedules" add constraint "schedules_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "schedules" add constraint "schedules_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "schedules" add constraint "schedules_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete set null;`,
    );
    this.addSql(`alter table "schedules" add constraint "schedules_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(
      `alter table "schedules" add constraint "schedules_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete set null;`,
    );
    this.addSql(`alter table "schedules" add constraint "schedules_status_check" check ("status" in ('PENDENTE', 'ENVIADA', 'ERRO'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "schedules" cascade;`);
  }
}
