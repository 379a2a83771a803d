import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's list position and time are its last message's, not its last change's: accepting or transferring a ticket
 * moves updated_at but not last_message_at. last_message_preview is the neutral preview of that message
 * (src/shared/message-preview.ts), rendered by each browser in its language.
 * Backfilled from the messages: the time of each ticket's newest message (else its creation) and, for media, deleted
 * messages and calls, the kind of preview (plain texts keep a null preview; the browser reads last_message then).
 */
export class Migration20261125171000_last_message_at extends Migration {
  override name = 'Migration20261125171000_last_message_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "last_message_at" timestamptz not null default now(), add column "last_message_preview" jsonb null;`);
    this.addSql(
      `update "tickets" t set "last_message_at" = coalesce((select max(m.created_at) from messages m where m.company_id = t.company_id and m.ticket_id = t.id), t.created_at);`,
    );
    this.addSql(
      `update "tickets" t set "last_message_preview" = p.preview
         from (select distinct on (m.ticket_id) m.ticket_id,
                      case when m.is_deleted then '{"kind":"deleted"}'::jsonb
                           when m.media_type in ('image', 'video') and m.body <> '' then jsonb_build_object('kind', m.media_type, 'text', left(m.body, 200))
                           when m.media_type in ('image', 'video') then jsonb_build_object('kind', m.media_type)
                           when m.media_type = 'audio' then '{"kind":"audio"}'::jsonb
                           when m.media_type = 'application' and coalesce(nullif(m.body, ''), m.media_name) is not null
                             then jsonb_build_object('kind', 'document', 'text', left(coalesce(nullif(m.body, ''), m.media_name), 200))
                           when m.media_type = 'application' then '{"kind":"document"}'::jsonb
                           when m.media_type = 'sticker' then '{"kind":"sticker"}'::jsonb
                           when m.media_type = 'locationMessage' then '{"kind":"location"}'::jsonb
                           when m.media_type in ('contactMessage', 'vcard') then '{"kind":"contact"}'::jsonb
                           when m.media_type = 'call_log' then jsonb_build_object('kind', 'call', 'text', left(m.body, 200))
                      end as preview
                 from messages m
                order by m.ticket_id, m.created_at desc, m.id desc) p
        where p.ticket_id = t.id and p.preview is not null;`,
    );
    this.addSql(`create index "tickets_company_id_status_last_message_at_index" on "tickets" ("company_id", "status", "last_message_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "tickets_company_id_status_last_message_at_index";`);
    this.addSql(`alter table "tickets" drop column if exists "last_message_at", drop column if exists "last_message_preview";`);
  }
}
