import { Migration } from '@mikro-orm/migrations';

/**
 * Who changed what, append-only. No foreign keys: an entry outlives the user, the company and the record it names
 * (the trail of a deleted company is the reason to keep one). A trigger refuses UPDATE always and DELETE unless the
 * transaction says it is the retention job (`set local audit.retention = 'on'`), so not even a bug or a stray SQL
 * client of the application rewrites history.
 */
export class Migration20261204010000_audit_logs extends Migration {
  override name = 'Migration20261204010000_audit_logs';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_logs" (
      "id" bigserial primary key,
      "company_id" int not null,
      "user_id" int null,
      "ip" varchar(64) null,
      "action" varchar(60) not null,
      "subject_type" varchar(40) not null,
      "subject_id" varchar(64) null,
      "changes" jsonb not null default '{}',
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "audit_logs_company_id_created_at_index" on "audit_logs" ("company_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_logs_company_id_user_id_index" on "audit_logs" ("company_id", "user_id", "created_at" desc);`);
    this.addSql(`create index "audit_logs_company_id_action_index" on "audit_logs" ("company_id", "action", "created_at" desc);`);
    this.addSql(`create index "audit_logs_company_id_subject_index" on "audit_logs" ("company_id", "subject_type", "subject_id");`);
    // The retention job deletes across companies by age.
    this.addSql(`create index "audit_logs_created_at_index" on "audit_logs" ("created_at");`);
    this.addSql(`create function audit_logs_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and coalesce(current_setting('audit.retention', true), '') = 'on' then
          return old;
        end if;
        raise exception 'audit_logs is append-only' using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`create trigger "audit_logs_append_only" before update or delete on "audit_logs"
      for each row execute function audit_logs_append_only();`);
    this.addSql(`create trigger "audit_logs_no_truncate" before truncate on "audit_logs"
      for each statement execute function audit_logs_append_only();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_logs";`);
    this.addSql(`drop function if exists audit_logs_append_only();`);
  }
}
