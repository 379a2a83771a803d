import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { MessageRow } from './message.mapper.js';

export type UpdatedMessageRow = MessageRow & { ticket_status: string; ticket_queue_id: number | null };

type Tx = EntityManager;

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
}

export interface InboundResult {
  message: MessageRow;
  ticketId: number;
  ticketCreated: boolean;
  contactId: number;
  contactCreated: boolean;
  contactRenamed: boolean;
}

/** A protocol number that is stable for the ticket: date and time plus four random digits. */
function newProtocol(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${Math.floor(Math.random() * 10000).toString().padStart(4, '0')}`;
}

/** The write path of the inbound pipeline in plain SQL: a handful of indexed statements in one transaction. */
@Injectable()
export class InboundRepository {
  constructor(private readonly em: EntityManager) {}

  async exists(companyId: number, whatsappId: number, providerId: string): Promise<boolean> {
    const rows = await this.em.getConnection().execute<unknown[]>(
      'select 1 from messages where company_id = ? and whatsapp_id = ? and provider_id = ? limit 1',
      [companyId, whatsappId, providerId],
    );
    return rows.length > 0;
  }

  /** Stores one message with its contact and ticket; null when the provider id was already stored. */
  async store(write: InboundWrite): Promise<InboundResult | null> {
    return this.em.fork().transactional(async (tx) => {
      const contact = await this.upsertContact(tx, write);
      const ticket = await this.openTicketFor(tx, write, contact.id);
      const quotedId = write.quotedProviderId ? await this.messageId(tx, write, write.quotedProviderId) : null;
      const inserted = await tx.execute<MessageRow[]>(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, participant, sender_name, body,
                               from_me, read, ack, media_type, media_path, media_name, quoted_msg_id, sent_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
         on conflict (company_id, whatsapp_id, provider_id) do nothing
         returning *`,
        [
          write.companyId, ticket.id, contact.id, write.whatsappId, write.providerId, write.remoteJid, write.participant, write.senderName,
          write.body, write.fromMe, write.fromMe, write.ack ?? (write.fromMe ? 1 : 0), write.mediaType, write.mediaPath, write.mediaName, quotedId, write.sentAt,
        ],
      );
      const message = inserted[0];
      if (!message) return null;
      await tx.execute(
        `update tickets set last_message = ?, updated_at = now(), unread_messages = unread_messages + ? where id = ?`,
        [write.body.slice(0, 1000), write.countsUnread ? 1 : 0, ticket.id],
      );
      if (ticket.created) {
        await tx.execute('insert into ticket_cycles (company_id, ticket_id, queued_at, created_at, updated_at) values (?, ?, now(), now(), now())', [
          write.companyId,
          ticket.id,
        ]);
      }
      return { message, ticketId: ticket.id, ticketCreated: ticket.created, contactId: contact.id, contactCreated: contact.created, contactRenamed: contact.renamed };
    });
  }

  private async upsertContact(tx: Tx, write: InboundWrite): Promise<{ id: number; created: boolean; renamed: boolean }> {
    const found = await tx.execute<Array<{ id: number; name: string; number: string }>>(
      'select id, name, number from contacts where company_id = ? and number = ?',
      [write.companyId, write.contactNumber],
    );
    const existing = found[0];
    if (existing) {
      // A contact saved under its bare number takes the push name once one arrives.
      const better = write.contactName && write.contactName !== write.contactNumber && existing.name === existing.number;
      if (better) await tx.execute('update contacts set name = ?, updated_at = now() where id = ?', [write.contactName.slice(0, 100), existing.id]);
      return { id: existing.id, created: false, renamed: Boolean(better) };
    }
    const inserted = await tx.execute<Array<{ id: number }>>(
      `insert into contacts (company_id, uuid, name, number, is_group, whatsapp_id, created_at, updated_at)
       values (?, gen_random_uuid(), ?, ?, ?, ?, now(), now())
       on conflict (company_id, number) do nothing returning id`,
      [write.companyId, (write.contactName || write.contactNumber).slice(0, 100), write.contactNumber, write.isGroup, write.whatsappId],
    );
    if (inserted[0]) return { id: inserted[0].id, created: true, renamed: false };
    // Another connection created it a moment ago.
    return this.upsertContact(tx, write);
  }

  private async openTicketFor(tx: Tx, write: InboundWrite, contactId: number): Promise<{ id: number; created: boolean }> {
    const found = await tx.execute<Array<{ id: number }>>(
      `select id from tickets where company_id = ? and contact_id = ? and whatsapp_id = ? and status <> 'closed' limit 1`,
      [write.companyId, contactId, write.whatsappId],
    );
    if (found[0]) return { id: found[0].id, created: false };
    const inserted = await tx.execute<Array<{ id: number }>>(
      `insert into tickets (company_id, uuid, status, contact_id, whatsapp_id, is_group, protocol, unread_messages, created_at, updated_at)
       values (?, gen_random_uuid(), 'pending', ?, ?, ?, ?, 0, now(), now())
       on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing returning id`,
      [write.companyId, contactId, write.whatsappId, write.isGroup, newProtocol()],
    );
    if (inserted[0]) return { id: inserted[0].id, created: true };
    return this.openTicketFor(tx, write, contactId);
  }

  private async messageId(tx: Tx, write: InboundWrite, providerId: string): Promise<number | null> {
    const rows = await tx.execute<Array<{ id: number }>>('select id from messages where company_id = ? and whatsapp_id = ? and provider_id = ?', [
      write.companyId,
      write.whatsappId,
      providerId,
    ]);
    return rows[0]?.id ?? null;
  }

  async deleteMessage(companyId: number, messageId: number): Promise<void> {
    await this.em.getConnection().execute('delete from messages where company_id = ? and id = ?', [companyId, messageId]);
  }

  /** Acks only grow; returns the row (with its ticket's status and queue, for the rooms) when it changed. */
  async raiseAck(companyId: number, whatsappId: number, providerId: string, ack: number): Promise<UpdatedMessageRow | null> {
    return this.updateOne('ack = ?', [ack], companyId, whatsappId, providerId, 'm.ack < ?', [ack]);
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

  private async updateOne(
    set: string,
    setParams: unknown[],
    companyId: number,
    whatsappId: number,
    providerId: string,
    guard: string,
    guardParams: unknown[],
  ): Promise<UpdatedMessageRow | null> {
    const rows = await this.em.getConnection().execute<UpdatedMessageRow[]>(
      `update messages m set ${set}, updated_at = now()
         from tickets t
        where t.id = m.ticket_id and m.company_id = ? and m.whatsapp_id = ? and m.provider_id = ? and ${guard}
        returning m.*, t.status as ticket_status, t.queue_id as ticket_queue_id`,
      [...setParams, companyId, whatsappId, providerId, ...guardParams],
    );
    return rows[0] ?? null;
  }
}
