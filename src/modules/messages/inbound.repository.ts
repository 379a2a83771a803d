import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import { TICKET_JOINS, TICKET_JSON } from '../tickets/ticket-json.sql.js';
import { INBOUND_OPEN_CYCLE, INBOUND_OPEN_TICKET } from '../tickets/ticket-lifecycle.repository.js';
import { newProtocol } from '../tickets/ticket-protocol.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { messagePreview } from '../../shared/message-preview.js';
import type { MessageRow } from './message.mapper.js';
import { BATCH_COLUMNS, STORE_BATCH_TEXT } from './inbound-store-batch.sql.js';
import { CompanyBatcher } from '../../infra/database/company-batcher.js';

export type UpdatedMessageRow = MessageRow & { ticket_status: string; ticket_queue_id: number | null };

export interface InboundWrite {
  companyId: number;
  whatsappId: number;
  contactNumber: string;
  contactName: string;
  isGroup: boolean;
  providerId: string;
  remoteJid: string;
  participant: string | null;
  senderName: string | null;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaPath: string | null;
  mediaName: string | null;
  quotedProviderId: string | null;
  sentAt: Date;
  /** Whether this message counts as unread for the attendants. */
  countsUnread: boolean;
  /** Outgoing rows start at 0 (pending) until the provider acks; messages typed on the phone arrive sent (1). */
  ack?: number;
  /** An audio's length in seconds, when the provider says it (shown in the ticket's preview). */
  seconds?: number | null;
}

/** The stored length: whole seconds, none when unknown or not a sane number. */
const mediaSeconds = (seconds: number | null | undefined): number | null =>
  seconds != null && Number.isFinite(seconds) && seconds >= 0 ? Math.min(Math.round(seconds), 2 ** 31 - 1) : null;

export interface InboundResult {
  message: MessageRow;
  ticket: TicketRow;
  ticketCreated: boolean;
  contactId: number;
  contactCreated: boolean;
  contactRenamed: boolean;
}

interface StoreRow {
  message: MessageRow | null;
  ticket: TicketRow | null;
  ticket_created: boolean;
  contact_id: number | null;
  contact_created: boolean;
  contact_renamed: boolean;
}

/**
 * One statement, one round trip: contact upsert (a bare-number name takes the push name), the open ticket reused or
 * created, the message inserted once per provider id, the ticket's last message and unread count moved, the
 * attendance cycle opened (the lifecycle's open-from-inbound transition), and the ticket returned with the names the events need.
 */
const STORE_SQL = prepared(
  'inbound_store',
  `
with input as (
  select ?::int as company_id, ?::int as whatsapp_id, ?::text as number, ?::text as name, ?::boolean as is_group
), existing_contact as (
  select c.id, c.uuid, c.name, c.number, c.profile_pic_url, c.profile_pic_updated_at, c.is_group from contacts c, input i where c.company_id = i.company_id and c.number = i.number
), new_contact as (
  insert into contacts (company_id, uuid, name, number, is_group, whatsapp_id, created_at, updated_at)
  select i.company_id, gen_random_uuid(), i.name, i.number, i.is_group, i.whatsapp_id, now(), now()
    from input i where not exists (select 1 from existing_contact)
  on conflict (company_id, number) do nothing
  returning id, uuid, name, number, profile_pic_url, profile_pic_updated_at, is_group
), renamed as (
  update contacts c set name = i.name, updated_at = now()
    from existing_contact e, input i
   where c.id = e.id and e.name = e.number and i.name <> i.number
  returning c.id
), contact as (
  select e.id, e.uuid, case when r.id is null then e.name else (select name from input) end as name, e.number, e.profile_pic_url,
         e.profile_pic_updated_at, e.is_group,
         false as created
    from existing_contact e left join renamed r on r.id = e.id
  union all
  select id, uuid, name, number, profile_pic_url, profile_pic_updated_at, is_group, true from new_contact
), existing_ticket as (
  select t.id from tickets t, input i, contact c
   where t.company_id = i.company_id and t.contact_id = c.id and t.whatsapp_id = i.whatsapp_id and t.status <> 'closed'
), new_ticket as (
  -- A replayed message never opens a ticket: the guard looks for its provider id first.
  ${INBOUND_OPEN_TICKET}
), ticket as (
  select id, false as created from existing_ticket union all select id, true from new_ticket
), quoted as (
  select m.id from messages m, input i where ?::text is not null and m.company_id = i.company_id and m.whatsapp_id = i.whatsapp_id and m.provider_id = ?::text
), msg as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, participant, sender_name, body,
                        from_me, read, ack, media_type, media_path, media_name, media_seconds, quoted_msg_id, sent_at, created_at, updated_at)
  select i.company_id, t.id, c.id, i.whatsapp_id, ?::text, ?::text, ?::text, ?::text, ?::text, ?::boolean, ?::boolean, ?::smallint,
         ?::text, ?::text, ?::text, ?::int, (select id from quoted), ?::timestamptz, now(), now()
    from input i, ticket t, contact c
  on conflict (company_id, whatsapp_id, provider_id) do nothing
  returning *
), moved as (
  -- Statements of one WITH do not see each other's rows: only a ticket that existed before is updated here.
  update tickets t set last_message = ?::text, last_message_preview = ?::jsonb, last_message_at = msg.created_at, updated_at = now(),
                       unread_messages = t.unread_messages + ?::int
    from msg, existing_ticket e where t.id = msg.ticket_id and t.id = e.id
  returning t.*
), final_ticket as (
  select * from moved union all select n.* from new_ticket n where exists (select 1 from msg)
), cycle as (
  ${INBOUND_OPEN_CYCLE}
)
select (select row_to_json(m) from msg m) as message,
       (select ${TICKET_JSON}
          from final_ticket t
          join contact ct on ct.id = t.contact_id
          ${TICKET_JOINS}) as ticket,
       coalesce((select created from ticket), false) as ticket_created,
       (select id from contact) as contact_id,
       coalesce((select created from contact), false) as contact_created,
       exists (select 1 from renamed) as contact_renamed`,
);

const STORE_BATCH_SQL = prepared('inbound_store_batch', STORE_BATCH_TEXT);

const RAISE_ACKS_SQL = prepared(
  'inbound_raise_acks',
  `update messages m set ack = v.ack, updated_at = now()
     from unnest(?::text[], ?::smallint[]) as v(provider_id, ack), tickets t
    where m.company_id = ? and m.whatsapp_id = ? and m.provider_id = v.provider_id and m.ack < v.ack
      and t.company_id = m.company_id and t.id = m.ticket_id
    returning m.*, t.status as ticket_status, t.queue_id as ticket_queue_id`,
);

/** The write path of the inbound pipeline in plain SQL. */
@Injectable()
export class InboundRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async exists(companyId: number, whatsappId: number, providerId: string): Promise<boolean> {
    const rows = await this.sql(companyId).all('select 1 from messages where company_id = ? and whatsapp_id = ? and provider_id = ? limit 1', [
      companyId,
      whatsappId,
      providerId,
    ]);
    return rows.length > 0;
  }

  /**
   * Stores one message with its contact and ticket; null when the provider id was already stored. Messages of one
   * company arriving together share one statement (company-batcher.ts).
   */
  store(write: InboundWrite): Promise<InboundResult | null> {
    return this.batcher.store(write.companyId, write);
  }

  /** How the stores were grouped so far (see CompanyBatcher.stats). */
  storeBatchStats(): Readonly<{ batches: number; rows: number; largest: number }> {
    return this.batcher.stats;
  }

  private readonly batcher = new CompanyBatcher<InboundWrite, InboundResult | null>(
    (write) => [`n:${write.contactNumber}`, `p:${write.whatsappId}:${write.providerId}`],
    (companyId, writes) => this.storeBatch(companyId, writes),
  );

  /** One statement for the batch; a row it could not write (see STORE_BATCH_SQL) is stored again on its own. */
  private async storeBatch(companyId: number, writes: InboundWrite[]): Promise<Array<PromiseSettledResult<InboundResult | null>>> {
    if (writes.length === 1) return Promise.allSettled([this.storeOne(writes[0]!)]);
    let rows: StoreRow[];
    try {
      const params = BATCH_COLUMNS.map(([name]) => writes.map((write) => batchValue(write, name)));
      rows = await tenantSql(this.hot, companyId).all<StoreRow>(STORE_BATCH_SQL, [companyId, ...params]);
    } catch {
      // A deadlock or a conflict with another process's batch: each message goes on its own, with its own retries.
      rows = [];
    }
    const outcomes: Array<PromiseSettledResult<InboundResult | null>> = [];
    for (const [index, write] of writes.entries()) {
      const result = rows[index] ? resultOf(rows[index]) : null;
      outcomes.push(result ? { status: 'fulfilled', value: result } : (await Promise.allSettled([this.storeOne(write)]))[0]!);
    }
    return outcomes;
  }

  private async storeOne(write: InboundWrite, attempt = 0): Promise<InboundResult | null> {
    const quoted = write.quotedProviderId ?? null;
    const preview = previewOf(write);
    const params = [
      write.companyId,
      write.whatsappId,
      write.contactNumber,
      (write.contactName || write.contactNumber).slice(0, 100),
      write.isGroup,
      newProtocol(),
      write.body.slice(0, 1000),
      preview,
      write.countsUnread ? 1 : 0,
      write.providerId,
      quoted,
      quoted,
      write.providerId,
      write.remoteJid,
      write.participant,
      write.senderName,
      write.body,
      write.fromMe,
      write.fromMe,
      write.ack ?? (write.fromMe ? 1 : 0),
      write.mediaType,
      write.mediaPath,
      write.mediaName,
      mediaSeconds(write.seconds),
      write.sentAt,
      write.body.slice(0, 1000),
      preview,
      write.countsUnread ? 1 : 0,
    ];
    let row: StoreRow | undefined;
    try {
      row = (await tenantSql(this.hot, write.companyId).all<StoreRow>(STORE_SQL, params))[0];
    } catch (error) {
      // A contact or ticket created by a concurrent writer a moment earlier: the second run finds it.
      if (attempt < 2 && isConcurrentCreate(error)) return this.storeOne(write, attempt + 1);
      throw error;
    }
    return row ? resultOf(row) : null;
  }

  /** At most once a day per contact, whatever the number of processes asking. */
  async setProfilePicture(companyId: number, contactId: number, url: string | null): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update contacts set profile_pic_url = ?, profile_pic_updated_at = now(), updated_at = now()
        where company_id = ? and id = ? and (profile_pic_updated_at is null or profile_pic_updated_at < now() - interval '1 day')
        returning id`,
      [url, companyId, contactId],
    );
    return rows.length > 0;
  }

  /**
   * The provider assigned its own id to a message stored under ours (the Cloud API does): replies, reactions and read
   * marks name the provider's id from now on. A row already renamed, or gone, is left alone.
   */
  async renameProviderId(companyId: number, messageId: number, from: string, to: string): Promise<void> {
    await this.sql(companyId).run('update messages set provider_id = ? where company_id = ? and id = ? and provider_id = ?', [to, companyId, messageId, from]);
  }

  async deleteMessage(companyId: number, messageId: number): Promise<void> {
    await this.sql(companyId).run('delete from messages where company_id = ? and id = ?', [companyId, messageId]);
  }

  /** Receipts of one connection at once (provider id → highest ack); acks only grow. Answers the rows whose ack rose. */
  async raiseAcks(companyId: number, whatsappId: number, highest: ReadonlyMap<string, number>): Promise<UpdatedMessageRow[]> {
    if (!highest.size) return [];
    return tenantSql(this.hot, companyId).all<UpdatedMessageRow>(RAISE_ACKS_SQL, [[...highest.keys()], [...highest.values()], companyId, whatsappId]);
  }

  /** Keeps the previous body in the edit history. */
  async applyEdit(companyId: number, whatsappId: number, providerId: string, body: string, editedAt: Date): Promise<UpdatedMessageRow | null> {
    return this.updateOne(
      `edit_history = coalesce(m.edit_history, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('body', m.body, 'editedAt', ?::timestamptz)),
       body = ?, is_edited = true`,
      [editedAt.toISOString(), body],
      companyId,
      whatsappId,
      providerId,
      'm.body <> ?',
      [body],
    );
  }

  async markDeleted(companyId: number, whatsappId: number, providerId: string): Promise<UpdatedMessageRow | null> {
    return this.updateOne('is_deleted = true', [], companyId, whatsappId, providerId, 'not m.is_deleted', []);
  }

  /**
   * After an edit or a revoke: when the message is still its ticket's newest, the ticket's last message and preview
   * follow it. Answers whether the ticket changed (its row then travels in a ticket event).
   */
  async refreshTicketPreview(companyId: number, row: UpdatedMessageRow): Promise<boolean> {
    const preview = messagePreview({
      mediaType: row.media_type,
      body: row.body,
      mediaName: row.media_name,
      isDeleted: row.is_deleted,
      seconds: row.media_seconds,
    });
    const rows = await this.sql(companyId).all(
      `update tickets t set last_message = ?::text, last_message_preview = ?::jsonb
         from messages me
        where me.company_id = ? and me.id = ? and t.company_id = me.company_id and t.id = me.ticket_id
          and not exists (select 1 from messages m where m.company_id = me.company_id and m.ticket_id = me.ticket_id
                             and (m.created_at, m.id) > (me.created_at, me.id))
        returning t.id`,
      [row.body.slice(0, 1000), JSON.stringify(preview), companyId, row.id],
    );
    return rows.length > 0;
  }

  private async updateOne(
    set: string,
    setParams: unknown[],
    companyId: number,
    whatsappId: number,
    providerId: string,
    guard: string,
    guardParams: unknown[],
  ): Promise<UpdatedMessageRow | null> {
    const rows = await this.sql(companyId).all<UpdatedMessageRow>(
      `update messages m set ${set}, updated_at = now()
         from tickets t
        where t.id = m.ticket_id and m.company_id = ? and m.whatsapp_id = ? and m.provider_id = ? and ${guard}
        returning m.*, t.status as ticket_status, t.queue_id as ticket_queue_id`,
      [...setParams, companyId, whatsappId, providerId, ...guardParams],
    );
    return rows[0] ?? null;
  }
}

function resultOf(row: StoreRow): InboundResult | null {
  if (!row.message || !row.ticket || row.contact_id === null) return null;
  return {
    message: row.message,
    ticket: row.ticket,
    ticketCreated: row.ticket_created,
    contactId: row.contact_id,
    contactCreated: row.contact_created,
    contactRenamed: row.contact_renamed,
  };
}

const previewOf = (write: InboundWrite): string => JSON.stringify(messagePreview({ ...write, seconds: mediaSeconds(write.seconds) }));

/** One input column of the batch statement for one write (the same values the single statement binds). */
function batchValue(write: InboundWrite, column: (typeof BATCH_COLUMNS)[number][0]): unknown {
  switch (column) {
    case 'whatsapp_id':
      return write.whatsappId;
    case 'number':
      return write.contactNumber;
    case 'name':
      return (write.contactName || write.contactNumber).slice(0, 100);
    case 'is_group':
      return write.isGroup;
    case 'protocol':
      return newProtocol();
    case 'last_message':
      return write.body.slice(0, 1000);
    case 'preview':
      return previewOf(write);
    case 'unread':
      return write.countsUnread ? 1 : 0;
    case 'provider_id':
      return write.providerId;
    case 'quoted':
      return write.quotedProviderId ?? null;
    case 'remote_jid':
      return write.remoteJid;
    case 'participant':
      return write.participant;
    case 'sender_name':
      return write.senderName;
    case 'body':
      return write.body;
    case 'from_me':
      return write.fromMe;
    case 'ack':
      return write.ack ?? (write.fromMe ? 1 : 0);
    case 'media_type':
      return write.mediaType;
    case 'media_path':
      return write.mediaPath;
    case 'media_name':
      return write.mediaName;
    case 'media_seconds':
      return mediaSeconds(write.seconds);
    case 'sent_at':
      return write.sentAt;
  }
}

function isConcurrentCreate(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /null value in column "(contact_id|ticket_id)"|duplicate key value/.test(text);
}
