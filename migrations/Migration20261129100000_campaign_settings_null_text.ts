import { Migration } from '@mikro-orm/migrations';

const QUIET_HOURS = `('quietHoursStart', 'quietHoursEnd')`;

/**
 * Repairs campaign settings saved with an explicit null before the API refused or cleared it: each was stored as the
 * text "null" (issue 22). A "null" quiet hour meant "no quiet hours": both of the company's quiet hours go back to empty
 * (a lone "null" made every later save answer 400, or paired a real time with "null"). Any other key stored as "null"
 * was already read as its default; its row goes, so it is read as the default again.
 */
export class Migration20261129100000_campaign_settings_null_text extends Migration {
  override name = 'Migration20261129100000_campaign_settings_null_text';

  override up(): void | Promise<void> {
    this.addSql(
      `update "campaign_settings" s set "value" = '' where s."key" in ${QUIET_HOURS} and exists (select 1 from "campaign_settings" n where n."company_id" = s."company_id" and n."key" in ${QUIET_HOURS} and n."value" = 'null');`,
    );
    this.addSql(`delete from "campaign_settings" where "key" not in ${QUIET_HOURS} and "value" = 'null';`);
  }

  /** A data repair: there is nothing to put back. */
  override down(): void | Promise<void> {}
}
