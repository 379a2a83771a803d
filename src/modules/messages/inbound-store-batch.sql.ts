import { TICKET_JOINS, TICKET_JSON } from '../tickets/ticket-json.sql.js';
import { INBOUND_OPEN_CYCLES, INBOUND_OPEN_TICKETS } from '../tickets/ticket-lifecycle.repository.js';

/** The input columns of the batch statement, one array parameter each, in this order (after the company). */
export const BATCH_COLUMNS = [
  ['whatsapp_id', 'int'],
  ['number', 'text'],
  ['name', 'text'],
  ['is_group', 'boolean'],
  ['protocol', 'text'],
  ['last_message', 'text'],
  ['preview', 'jsonb'],
  ['unread', 'int'],
  ['provider_id', 'text'],
  ['quoted', 'text'],
  ['remote_jid', 'text'],
  ['participant', 'text'],
  ['sender_name', 'text'],
  ['body', 'text'],
  ['from_me', 'boolean'],
  ['ack', 'smallint'],
  ['media_type', 'text'],
  ['media_path', 'text'],
  ['media_name', 'text'],
  ['media_seconds', 'int'],
  ['sent_at', 'timestamptz'],
] as const;

/**
 * The inbound store, for one message or many of one company at once: one plan, one commit and one round trip for a
 * whole batch, which is what lets the inbox drain faster than it fills. Per message: the contact upserted (a
 * bare-number name takes the push name), the open ticket reused or created (the lifecycle's open-from-inbound
 * transition, never for a replayed message), the message inserted once per provider id, the ticket's last message and
 * unread count moved, the attendance cycle opened, and the ticket returned with the names the events need. Every CTE
 * keeps one row per input row, matched by `ord`. The batch never holds two messages of one contact number or one
 * provider id (the batcher defers those), so no row of it depends on another. A row whose message was not written
 * comes back without one: `already_stored` says whether it was a repeated provider id; otherwise a contact or ticket
 * another writer created at the same moment got in the way, and the caller stores it again on its own.
 */
export const STORE_BATCH_TEXT = `
with input as (
  select ?::int as company_id, i.*
    from unnest(${BATCH_COLUMNS.map(([, type]) => `?::${type}[]`).join(', ')})
         with ordinality as i(${BATCH_COLUMNS.map(([name]) => name).join(', ')}, ord)
), existing_contact as (
  select i.ord, c.id, c.uuid, c.name, c.number, c.profile_pic_url, c.profile_pic_updated_at, c.is_group
    from input i join contacts c on c.company_id = i.company_id and c.number = i.number
), new_contact as (
  insert into contacts (company_id, uuid, name, number, is_group, whatsapp_id, created_at, updated_at)
  select i.company_id, gen_random_uuid(), i.name, i.number, i.is_group, i.whatsapp_id, now(), now()
    from input i where not exists (select 1 from existing_contact e where e.ord = i.ord)
   order by i.number
  on conflict (company_id, number) do nothing
  returning id, uuid, name, number, profile_pic_url, profile_pic_updated_at, is_group
), renamed as (
  update contacts c set name = i.name, updated_at = now()
    from existing_contact e join input i on i.ord = e.ord
   where c.id = e.id and e.name = e.number and i.name <> i.number
  returning c.id
), contact as (
  select e.ord, e.id, e.uuid, case when r.id is null then e.name else i.name end as name, e.number, e.profile_pic_url,
         e.profile_pic_updated_at, e.is_group, false as created
    from existing_contact e join input i on i.ord = e.ord left join renamed r on r.id = e.id
  union all
  select i.ord, n.id, n.uuid, n.name, n.number, n.profile_pic_url, n.profile_pic_updated_at, n.is_group, true
    from new_contact n join input i on i.number = n.number
), existing_ticket as (
  select c.ord, t.id
    from contact c join input i on i.ord = c.ord
    join tickets t on t.company_id = i.company_id and t.contact_id = c.id and t.whatsapp_id = i.whatsapp_id and t.status <> 'closed'
), new_ticket as (
  -- A replayed message never opens a ticket: the guard looks for its provider id first.
  ${INBOUND_OPEN_TICKETS}
), ticket as (
  select ord, id, false as created from existing_ticket
  union all
  select c.ord, n.id, true from new_ticket n join contact c on c.id = n.contact_id
), msg as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, participant, sender_name, body,
                        from_me, read, ack, media_type, media_path, media_name, media_seconds, quoted_msg_id, sent_at, created_at, updated_at)
  select i.company_id, t.id, c.id, i.whatsapp_id, i.provider_id, i.remote_jid, i.participant, i.sender_name, i.body, i.from_me, i.from_me, i.ack,
         i.media_type, i.media_path, i.media_name, i.media_seconds,
         (select q.id from messages q
           where i.quoted is not null and q.company_id = i.company_id and q.whatsapp_id = i.whatsapp_id and q.provider_id = i.quoted),
         i.sent_at, now(), now()
    from input i join ticket t on t.ord = i.ord join contact c on c.ord = i.ord
   order by i.ord
  on conflict (company_id, whatsapp_id, provider_id) do nothing
  returning *
), moved as (
  -- Statements of one WITH do not see each other's rows: only a ticket that existed before is updated here.
  -- A reaction is shown under the message it is on: the ticket keeps its last message and preview.
  update tickets t set last_message = case when i.media_type = 'reactionMessage' then t.last_message else i.last_message end,
                       last_message_preview = case when i.media_type = 'reactionMessage' then t.last_message_preview else i.preview end,
                       last_message_at = case when i.media_type = 'reactionMessage' then t.last_message_at else m.created_at end,
                       updated_at = now(), unread_messages = t.unread_messages + i.unread
    from msg m join input i on i.whatsapp_id = m.whatsapp_id and i.provider_id = m.provider_id join existing_ticket e on e.ord = i.ord
   where t.id = m.ticket_id and t.id = e.id
  returning t.*, i.ord
), final_ticket as (
  select * from moved
  union all
  select n.*, t.ord from new_ticket n join ticket t on t.id = n.id where exists (select 1 from msg m where m.ticket_id = n.id)
), cycle as (
  ${INBOUND_OPEN_CYCLES}
)
select i.ord,
       (select row_to_json(m) from msg m where m.whatsapp_id = i.whatsapp_id and m.provider_id = i.provider_id) as message,
       (select ${TICKET_JSON}
          from final_ticket t
          join contact ct on ct.ord = t.ord
          ${TICKET_JOINS}
         where t.ord = i.ord) as ticket,
       coalesce((select created from ticket t where t.ord = i.ord), false) as ticket_created,
       (select id from contact c where c.ord = i.ord) as contact_id,
       coalesce((select created from contact c where c.ord = i.ord), false) as contact_created,
       exists (select 1 from renamed r join contact c on c.id = r.id where c.ord = i.ord) as contact_renamed,
       -- The statement's snapshot: true only for a provider id stored before it.
       exists (select 1 from messages m where m.company_id = i.company_id and m.whatsapp_id = i.whatsapp_id and m.provider_id = i.provider_id)
         as already_stored
  from input i
 order by i.ord`;
