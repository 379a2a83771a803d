import { Migration } from '@mikro-orm/migrations';

/**
 * One row per refresh token issued: single use (used_at), grouped in families (one per login) so presenting a token
 * that was already rotated revokes every token of that login.
 */
export class Migration20261124140000_refresh_tokens extends Migration {
  override name = 'Migration20261124140000_refresh_tokens';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "refresh_tokens" ("id" uuid primary key, "family" uuid not null, "company_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null, "revoked_at" timestamptz null);`,
    );
    this.addSql(`create index "refresh_tokens_company_id_user_id_index" on "refresh_tokens" ("company_id", "user_id");`);
    this.addSql(`create index "refresh_tokens_family_index" on "refresh_tokens" ("family");`);
    this.addSql(
      `alter table "refresh_tokens" add constraint "refresh_tokens_company_id_foreign" foreign key ("company_id") references "companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "refresh_tokens" add constraint "refresh_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "refresh_tokens" cascade;`);
  }
}
