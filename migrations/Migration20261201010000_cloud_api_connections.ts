import { Migration } from '@mikro-orm/migrations';

/**
 * A connection on the WhatsApp Cloud API keeps its phone number id, business account id and verify token, and its
 * access token and app secret sealed (SecretBox): a database dump alone does not reveal them.
 */
export class Migration20261201010000_cloud_api_connections extends Migration {
  override name = 'Migration20261201010000_cloud_api_connections';

  override up(): void | Promise<void> {
    this.addSql(`alter table "whatsapps" add column "cloud_phone_number_id" varchar(64) null;`);
    this.addSql(`alter table "whatsapps" add column "cloud_business_account_id" varchar(64) null;`);
    this.addSql(`alter table "whatsapps" add column "cloud_access_token" text null;`);
    this.addSql(`alter table "whatsapps" add column "cloud_access_token_hint" varchar(8) null;`);
    this.addSql(`alter table "whatsapps" add column "cloud_app_secret" text null;`);
    this.addSql(`alter table "whatsapps" add column "cloud_verify_token" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    for (const column of [
      'cloud_verify_token',
      'cloud_app_secret',
      'cloud_access_token_hint',
      'cloud_access_token',
      'cloud_business_account_id',
      'cloud_phone_number_id',
    ])
      this.addSql(`alter table "whatsapps" drop column "${column}";`);
  }
}
