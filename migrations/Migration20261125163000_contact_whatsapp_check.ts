import { Migration } from '@mikro-orm/migrations';

/**
 * What the last WhatsApp check of a contact's number found: true on WhatsApp, false not on WhatsApp ('CONTATO FORA DO
 * WHATSAPP': starting a chat with it is disabled), null never checked (no connection was connected).
 */
export class Migration20261125163000_contact_whatsapp_check extends Migration {
  override name = 'Migration20261125163000_contact_whatsapp_check';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contacts" add column "is_whatsapp_valid" boolean null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contacts" drop column if exists "is_whatsapp_valid";`);
  }
}
