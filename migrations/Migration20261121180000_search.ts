import { Migration } from '@mikro-orm/migrations';

/** Ticket search finds a word inside any message: a trigram index that still leads with company_id. */
export class Migration20261121180000_search extends Migration {
  override name = 'Migration20261121180000_search';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`create index "messages_company_id_body_trgm_index" on "messages" using gin ("company_id", "body" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messages_company_id_body_trgm_index";`);
  }
}
