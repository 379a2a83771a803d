import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
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
  /** The provider id was stored before this statement (a replay or a repeated delivery). */
  already_stored: boolean;
}

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

  /**
   * One statement for the batch. A row it could not write although its provider id was new (a contact or ticket
   * another writer created at that moment, or a batch that failed as a whole) is stored again on its own, which then
   * finds that contact or ticket; a repeated provider id answers null.
   */
  private async storeBatch(companyId: number, writes: InboundWrite[]): Promise<Array<PromiseSettledResult<InboundResult | null>>> {
    let rows: StoreRow[] = [];
    let failure: unknown = null;
    try {
      rows = await this.run(companyId, writes);
    } catch (error) {
      failure = error;
    }
    const outcomes: Array<PromiseSettledResult<InboundResult | null>> = [];
    for (const [index, write] of writes.entries()) {
      const row = rows[index];
      if (row?.already_stored) outcomes.push({ status: 'fulfilled', value: null });
      else if (row && resultOf(row)) outcomes.push({ status: 'fulfilled', value: resultOf(row) });
      else if (writes.length === 1 && failure && !isConcurrentCreate(failure)) outcomes.push({ status: 'rejected', reason: failure });
      else outcomes.push((await Promise.allSettled([this.storeAlone(write, 1)]))[0]!);
    }
    return outcomes;
  }

  /** A retry of one message, outside any batch: a second or third attempt finds what a concurrent writer created. */
  private async storeAlone(write: InboundWrite, attempt: number): Promise<InboundResult | null> {
    let row: StoreRow | undefined;
    try {
      [row] = await this.run(write.companyId, [write]);
    } catch (error) {
      if (attempt < 3 && isConcurrentCreate(error)) return this.storeAlone(write, attempt + 1);
      throw error;
    }
    if (!row || row.already_stored) return null;
    const result = resultOf(row);
    if (result || attempt >= 3) return result;
    return this.storeAlone(write, attempt + 1);
  }

  private run(companyId: number, writes: InboundWrite[]): Promise<StoreRow[]> {
    const params = BATCH_COLUMNS.map(([name]) => writes.map((write) => batchValue(write, name)));
    return tenantSql(this.hot, companyId).all<StoreRow>(STORE_BATCH_SQL, [companyId, ...params]);
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
