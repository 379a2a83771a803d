import { Migration } from '@mikro-orm/migrations';

/**
 * The media sweep asks, per company folder, which stored files a message still references, and finds the media of
 * deleted messages: two partial indexes (only rows with media), each leading with company_id.
 */
export class Migration20261124110000_media_sweep extends Migration {
  override name = 'Migration20261124110000_media_sweep';

  override up(): void | Promise<void> {
    this.addSql(`create index "messages_company_id_media_path_index" on "messages" ("company_id", "media_path") where "media_path" is not null;`);
    this.addSql(`create index "messages_company_id_deleted_media_index" on "messages" ("company_id", "id") where "is_deleted" and "media_path" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messages_company_id_deleted_media_index";`);
    this.addSql(`drop index if exists "messages_company_id_media_path_index";`);
  }
}
