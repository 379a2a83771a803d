import { Migration } from '@mikro-orm/migrations';

/**
 * An audio message's length in whole seconds (voice notes recorded in the browser, measured while remuxing; received
 * ones as WhatsApp states them), so previews read "🎤 Áudio (0:12)" and voice notes go out with their length.
 */
export class Migration20261125180000_message_media_seconds extends Migration {
  override name = 'Migration20261125180000_message_media_seconds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messages" add column "media_seconds" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messages" drop column if exists "media_seconds";`);
  }
}
