import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';
import { messagePreview } from '../../shared/message-preview.js';

/** What an automatic step needs to know about a ticket and to talk to its customer. */
export interface TicketState {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  is_group: boolean;
  protocol: string;
  created_at: Date;
  rating_requested_at: Date | null;
  contact_name: string;
  contact_number: string;
  timezone: string;
}

/** A step of the bot on its own state (queue chosen, option tree position, menus sent, integration, Typebot session). */
export interface TicketBotChange {
  queueId?: number | null;
  optionId?: number | null;
  chatbot?: boolean;
  menuSent?: boolean;
  menusReset?: boolean;
  useIntegration?: boolean;
  integrationId?: number | null;
  promptId?: number | null;
  typebotSessionId?: string | null;
}

/** The bot state no closed ticket keeps: no bot, integration, prompt, option position or Typebot session. */
export const BOT_STATE_RESET = `chatbot = false, use_integration = false, integration_id = null, prompt_id = null, queue_option_id = null,
  typebot_session_id = null, typebot_session_at = null`;

/** Fields a close resets: the bot state and any pending rating. */
const CLOSED_RESET = `status = 'closed', ${BOT_STATE_RESET}, rating_requested_at = null, rating_reminded = false`;

/** The ticket statements of the lifecycle's transitions that run in SQL (inbound lane, timers, bots), on explicit company ids. */
@Injectable()
export class TicketLifecycleRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async state(companyId: number, ticketId: number): Promise<TicketState | null> {
    const rows = await this.sql(companyId).all<TicketState>(
      `select t.id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.is_group, t.protocol, t.created_at, t.rating_requested_at,
              c.name as contact_name, c.number as contact_number, co.timezone
         from tickets t join contacts c on c.id = t.contact_id join companies co on co.id = t.company_id
        where t.company_id = ? and t.id = ?`,
      [companyId, ticketId],
    );
    return rows[0] ?? null;
  }

  /** False when the ticket was already closed. */
  async close(companyId: number, ticketId: number): Promise<boolean> {
    const changed = await this.sql(companyId).all<{ id: number }>(
      `update tickets set ${CLOSED_RESET}, updated_at = now() where company_id = ? and id = ? and status <> 'closed' returning id`,
      [companyId, ticketId],
    );
    return changed.length > 0;
  }

  /** Bots stop; the ticket goes to the queue (and the person, who opens it) when given. */
  async handOver(companyId: number, ticketId: number, queueId: number | null, userId: number | null): Promise<void> {
    await this.sql(companyId).run(
      `update tickets set queue_id = coalesce(?, queue_id), user_id = coalesce(?, user_id), status = case when ? is null then status else 'open' end,
              ${BOT_STATE_RESET}, updated_at = now()
        where company_id = ? and id = ? and status <> 'closed'`,
      [queueId, userId, userId, companyId, ticketId],
    );
  }

  async botStep(companyId: number, ticketId: number, change: TicketBotChange): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (sql: string, value?: unknown) => {
      sets.push(sql);
      if (value !== undefined) params.push(value);
    };
    if (change.queueId !== undefined) set('queue_id = ?', change.queueId);
    if (change.optionId !== undefined) set('queue_option_id = ?', change.optionId);
    if (change.chatbot !== undefined) set('chatbot = ?', change.chatbot);
    if (change.menuSent) set('amount_used_bot_queues = amount_used_bot_queues + 1, bot_menu_at = now()');
    if (change.menusReset) set('amount_used_bot_queues = 0');
    if (change.useIntegration !== undefined) set('use_integration = ?', change.useIntegration);
    if (change.integrationId !== undefined) set('integration_id = ?', change.integrationId);
    if (change.promptId !== undefined) set('prompt_id = ?', change.promptId);
    if (change.typebotSessionId !== undefined) {
      set('typebot_session_id = ?', change.typebotSessionId);
      set(change.typebotSessionId ? 'typebot_session_at = now()' : 'typebot_session_at = null');
    }
    if (!sets.length) return;
    await this.sql(companyId).run(`update tickets set ${sets.join(', ')}, updated_at = now() where company_id = ? and id = ?`, [
      ...params,
      companyId,
      ticketId,
    ]);
  }

  /** A human wrote: every bot steps back for this ticket. */
  async botsOff(companyId: number, ticketId: number): Promise<void> {
    await this.sql(companyId).run(
      'update tickets set chatbot = false, use_integration = false where company_id = ? and id = ? and (chatbot or use_integration)',
      [companyId, ticketId],
    );
  }

  /** Unread back to zero; false when it was zero already. */
  async resetUnread(companyId: number, ticketId: number): Promise<boolean> {
    const reset = await this.sql(companyId).all<{ id: number }>(
      'update tickets set unread_messages = 0 where company_id = ? and id = ? and unread_messages > 0 returning id',
      [companyId, ticketId],
    );
    return reset.length > 0;
  }

  /** The customer's rating (1–3) of the ticket's attendant, and the open cycle's rating time. */
  async rate(companyId: number, ticketId: number, userId: number | null, rate: number): Promise<void> {
    const sql = this.sql(companyId);
    await sql.run(`insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [
      companyId,
      ticketId,
      userId,
      rate,
    ]);
    await sql.run(`update ticket_cycles set rating_at = now(), updated_at = now() where company_id = ? and ticket_id = ? and finished_at is null`, [
      companyId,
      ticketId,
    ]);
  }

  async markRatingReminded(companyId: number, ticketId: number): Promise<void> {
    await this.sql(companyId).run('update tickets set rating_reminded = true where company_id = ? and id = ?', [companyId, ticketId]);
  }

  /** A new pending ticket of the closed ticket's contact and connection; null when one is already open. */
  async openAfter(companyId: number, closedTicketId: number, protocol: string, lastMessage: string): Promise<number | null> {
    const [created] = await this.sql(companyId).all<{ id: number }>(
      `insert into tickets (company_id, uuid, status, contact_id, whatsapp_id, is_group, protocol, last_message, last_message_preview, unread_messages,
                            created_at, updated_at)
       select t.company_id, gen_random_uuid(), 'pending', t.contact_id, t.whatsapp_id, false, ?, ?, ?::jsonb, 1, now(), now()
         from tickets t where t.company_id = ? and t.id = ?
       on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing
       returning id`,
      [protocol, lastMessage, JSON.stringify(messagePreview({ mediaType: 'chat', body: lastMessage })), companyId, closedTicketId],
    );
    return created?.id ?? null;
  }

  async moveMessage(companyId: number, whatsappId: number, providerId: string, ticketId: number): Promise<void> {
    await this.sql(companyId).run('update messages set ticket_id = ? where company_id = ? and whatsapp_id = ? and provider_id = ?', [
      ticketId,
      companyId,
      whatsappId,
      providerId,
    ]);
  }
}

/**
 * Open from inbound, inside the inbound pipeline's store statement (src/modules/messages/inbound-store-batch.sql.ts):
 * a new `pending` ticket with its protocol when the contact has none open on the connection (never for a replayed
 * message), then its attendance cycle. The CTEs `input`, `contact`, `existing_ticket`, `msg` and `ticket` are the
 * statement's, one row per message (`ord`).
 */
export const INBOUND_OPEN_TICKETS = `
  insert into tickets (company_id, uuid, status, contact_id, whatsapp_id, is_group, protocol, last_message, last_message_preview, unread_messages,
                       created_at, updated_at)
  select i.company_id, gen_random_uuid(), 'pending', c.id, i.whatsapp_id, i.is_group, i.protocol, i.last_message, i.preview, i.unread, now(), now()
    from input i join contact c on c.ord = i.ord
   where not exists (select 1 from existing_ticket e where e.ord = i.ord)
     and not exists (select 1 from messages m where m.company_id = i.company_id and m.whatsapp_id = i.whatsapp_id and m.provider_id = i.provider_id)
   order by i.ord
  on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing
  returning *`;

export const INBOUND_OPEN_CYCLES = `
  insert into ticket_cycles (company_id, ticket_id, queued_at, created_at, updated_at)
  select m.company_id, m.ticket_id, now(), now(), now() from msg m join ticket t on t.id = m.ticket_id where t.created`;
