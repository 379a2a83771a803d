import { Migration } from '@mikro-orm/migrations';

/**
 * A schedule on a WhatsApp Cloud API connection may send a template whose header shows a file (image, video,
 * document): the address Meta downloads it from. Campaigns keep it in their `templates` choices.
 */
export class Migration20261203010000_template_header_files extends Migration {
  override name = 'Migration20261203010000_template_header_files';

  override up(): void | Promise<void> {
    this.addSql(`alter table "schedules" add column "template_header_media_url" varchar(2000) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "schedules" drop column "template_header_media_url";`);
  }
}
