import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns and schedules on WhatsApp Cloud API connections send approved templates, and their sends are recorded as
 * attempts before Meta is called (Meta assigns the message id, so a send cut by a crash cannot be repeated under the
 * same id): the attempt's time, and what a status webhook later said about it (matched by biz_opaque_callback_data,
 * the shipping's own id).
 */
export class Migration20261202040000_campaign_templates extends Migration {
  override name = 'Migration20261202040000_campaign_templates';

  override up(): void | Promise<void> {
    // The choice of each message variant: [{ variant, templateId, variables }].
    this.addSql(`alter table "campaigns" add column "templates" jsonb not null default '[]';`);
    this.addSql(`alter table "campaign_shippings" add column "attempted_at" timestamptz null,
      add column "outcome_ack" smallint null, add column "outcome_error" varchar(300) null;`);
    // A status webhook finds its shipping by the id it was sent under.
    this.addSql(
      `create index "campaign_shippings_company_id_provider_id_index" on "campaign_shippings" ("company_id", "provider_id") where "provider_id" is not null;`,
    );
    this.addSql(`alter table "schedules" add column "template_id" int null references "message_templates" ("id") on update cascade on delete set null,
      add column "template_variables" jsonb not null default '[]', add column "provider_id" varchar(100) null,
      add column "attempted_at" timestamptz null, add column "outcome_ack" smallint null;`);
    this.addSql(`create index "schedules_company_id_provider_id_index" on "schedules" ("company_id", "provider_id") where "provider_id" is not null;`);
    this.addSql(`create index "schedules_company_id_template_id_index" on "schedules" ("company_id", "template_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "schedules_company_id_template_id_index";`);
    this.addSql(`drop index if exists "schedules_company_id_provider_id_index";`);
    this.addSql(`alter table "schedules" drop column "template_id", drop column "template_variables", drop column "provider_id",
      drop column "attempted_at", drop column "outcome_ack";`);
    this.addSql(`drop index if exists "campaign_shippings_company_id_provider_id_index";`);
    this.addSql(`alter table "campaign_shippings" drop column "attempted_at", drop column "outcome_ack", drop column "outcome_error";`);
    this.addSql(`alter table "campaigns" drop column "templates";`);
  }
}
