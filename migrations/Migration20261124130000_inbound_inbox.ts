import { Migration } from '@mikro-orm/migrations';

/**
 * Provider events are written here before they are acknowledged and removed once processed, so a crash between the
 * two replays them. `seq` keeps each connection's order; `id` is chosen by the writer so a batch needs no RETURNING.
 */
export class Migration20261124130000_inbound_inbox extends Migration {
  override name = 'Migration20261124130000_inbound_inbox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "inbound_inbox" ("id" uuid primary key, "seq" bigserial not null, "company_id" int not null, "whatsapp_id" int not null, "kind" varchar(16) not null, "payload" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "inbound_inbox_company_id_whatsapp_id_seq_index" on "inbound_inbox" ("company_id", "whatsapp_id", "seq");`);
    this.addSql(
      `alter table "inbound_inbox" add constraint "inbound_inbox_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "inbound_inbox" add constraint "inbound_inbox_whatsapp_id_foreign" foreign key ("whatsapp_id") references "whatsapps" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "inbound_inbox" cascade;`);
  }
}
