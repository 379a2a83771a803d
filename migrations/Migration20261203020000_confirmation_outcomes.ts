import { Migration } from '@mikro-orm/migrations';

/**
 * On a WhatsApp Cloud API connection a campaign's confirmation request goes as a template under the recipient's
 * confirmation id: Meta's statuses for it find their recipient by that id.
 */
export class Migration20261203020000_confirmation_outcomes extends Migration {
  override name = 'Migration20261203020000_confirmation_outcomes';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "campaign_shippings_company_id_confirmation_provider_id_index" on "campaign_shippings" ("company_id", "confirmation_provider_id") where "confirmation_provider_id" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "campaign_shippings_company_id_confirmation_provider_id_index";`);
  }
}
