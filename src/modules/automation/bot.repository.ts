import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import { CompanyBatcher } from '../../infra/database/company-batcher.js';
import type { ScheduleEntry } from '../../shared/schedules.js';
import type { IntegrationType } from '../queue-integrations/queue-integration.entity.js';
import type { TicketState } from '../tickets/ticket-lifecycle.js';

/** The lifecycle's `TicketState` with the bot's own state of the ticket (the time zone is the connection's). */
export interface BotTicket extends Omit<TicketState, 'timezone'> {
  queue_option_id: number | null;
  chatbot: boolean;
  amount_used_bot_queues: number;
  contact_id: number;
  uuid: string;
  rating_reminded: boolean;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  bot_menu_at: Date | null;
  typebot_session_id: string | null;
  typebot_session_at: Date | null;
}

export interface BotQueue {
  id: number;
  name: string;
  greeting_message: string | null;
  out_of_hours_message: string | null;
  schedules: ScheduleEntry[] | null;
  integration_id: number | null;
  /** Typebot flows greet on their own as soon as the customer enters the queue. */
  integration_type: string | null;
  prompt_id: number | null;
  media_path: string | null;
  media_name: string | null;
}

export interface BotConnection {
  greeting_message: string | null;
  out_of_hours_message: string | null;
  max_use_bot_queues: number;
  time_use_bot_queues: number;
  time_to_transfer: number | null;
  transfer_queue_id: number | null;
  prompt_id: number | null;
  name: string;
  /** The company's plan includes AI prompts / queue integrations (a flag counts unless exactly false). */
  use_open_ai: boolean;
  use_integrations: boolean;
  company_schedules: ScheduleEntry[] | null;
  timezone: string;
}

export interface BotOption {
  id: number;
  parent_id: number | null;
  option: number;
  title: string;
  message: string;
  has_children: boolean;
  media_path: string | null;
  media_name: string | null;
}

export interface PromptRow {
  id: number;
  prompt: string;
  api_key: string;
  voice: string;
  voice_key: string | null;
  voice_region: string | null;
  model: string;
  max_tokens: number;
  temperature: number;
  max_messages: number;
  queue_id: number;
}

export interface HistoryRow {
  id: number;
  body: string;
  from_me: boolean;
  media_type: string;
  media_path: string | null;
}

export interface IntegrationRow {
  id: number;
  type: IntegrationType;
  name: string;
  project_name: string | null;
  json_content: string | null;
  language: string | null;
  url_n8n: string | null;
  typebot_slug: string | null;
  typebot_expires: number;
  typebot_delay_message: number;
  typebot_keyword_finish: string | null;
  typebot_keyword_restart: string | null;
  typebot_restart_message: string | null;
  typebot_unknown_message: string | null;
}

/**
 * A bot turn's reads (see `turn`) for several tickets of one company at once, one row per input row (`ord`): turns of
 * conversations running side by side share one prepared statement.
 */
const TURNS_SQL = prepared(
  'bot_turns',
  `select k.ord, row_to_json(tk) as ticket, row_to_json(cn) as connection, coalesce(qs.list, '[]'::json) as queues
     from unnest(?::int[], ?::int[]) with ordinality as k(ticket_id, whatsapp_id, ord)
     join lateral (select t.id, t.uuid, t.status, t.user_id, t.queue_id, t.queue_option_id, t.chatbot, t.amount_used_bot_queues, t.protocol,
                          t.created_at, t.rating_requested_at, t.rating_reminded, t.use_integration, t.integration_id, t.prompt_id, t.bot_menu_at,
                          t.typebot_session_id, t.typebot_session_at, t.whatsapp_id, t.is_group,
                          c.id as contact_id, c.name as contact_name, c.number as contact_number
                     from tickets t join contacts c on c.id = t.contact_id where t.company_id = ? and t.id = k.ticket_id) tk on true
     join lateral (select w.name, w.greeting_message, w.out_of_hours_message, w.max_use_bot_queues, w.time_use_bot_queues, w.prompt_id,
                          w.time_to_transfer, w.transfer_queue_id,
                          co.schedules as company_schedules, co.timezone,
                          coalesce(p.use_open_ai, true) as use_open_ai, coalesce(p.use_integrations, true) as use_integrations
                     from whatsapps w join companies co on co.id = w.company_id left join plans p on p.id = co.plan_id
                    where w.company_id = ? and w.id = k.whatsapp_id) cn on true
     left join lateral (
       select json_agg(json_build_object('id', q.id, 'name', q.name, 'greeting_message', q.greeting_message,
                'out_of_hours_message', q.out_of_hours_message, 'schedules', q.schedules, 'integration_id', q.integration_id,
                'integration_type', (select qi.type from queue_integrations qi where qi.id = q.integration_id),
                'prompt_id', q.prompt_id, 'media_path', q.media_path, 'media_name', q.media_name)
              order by q.order_queue nulls last, q.name, q.id) as list
         from whatsapp_queues wq join queues q on q.id = wq.queue_id
        where q.company_id = ? and wq.whatsapp_id = k.whatsapp_id) qs on true`,
);

export interface BotTurn {
  ticket: BotTicket;
  connection: BotConnection;
  queues: BotQueue[];
}

/** What the bot reads and writes, in plain indexed SQL (it runs inside the inbound lane). */
@Injectable()
export class BotRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /**
   * Everything a bot turn reads, in one round trip (it runs for every customer message): the ticket, its connection
   * with the company's week and clock, and the connection's queues in menu order.
   */
  turn(companyId: number, ticketId: number, whatsappId: number): Promise<BotTurn | null> {
    return this.turns.store(companyId, { ticketId, whatsappId });
  }

  private readonly turns = new CompanyBatcher<{ ticketId: number; whatsappId: number }, BotTurn | null>(
    () => [],
    async (companyId, keys) => {
      const rows = await tenantSql(this.hot, companyId).all<BotTurn & { ord: string }>(TURNS_SQL, [
        keys.map((k) => k.ticketId),
        keys.map((k) => k.whatsappId),
        companyId,
        companyId,
        companyId,
      ]);
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
      return keys.map((_, index) => {
        const row = byOrd.get(index + 1);
        return { status: 'fulfilled', value: row ? { ticket: row.ticket, connection: row.connection, queues: row.queues } : null };
      });
    },
  );

  /** A queue the ticket is in even when the connection no longer offers it. */
  async queue(companyId: number, id: number): Promise<BotQueue | null> {
    const rows = await this.sql(companyId).all<BotQueue>(
      `select q.id, q.name, q.greeting_message, q.out_of_hours_message, q.schedules, q.integration_id, qi.type as integration_type,
              q.prompt_id, q.media_path, q.media_name
         from queues q left join queue_integrations qi on qi.id = q.integration_id where q.company_id = ? and q.id = ?`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  /** One level of a queue's option tree (parent null = the first level). */
  options(companyId: number, queueId: number, parentId: number | null): Promise<BotOption[]> {
    return this.sql(companyId).all<BotOption>(
      `select o.id, o.parent_id, o.option, o.title, o.message, o.media_path, o.media_name,
              exists (select 1 from queue_options c where c.company_id = o.company_id and c.parent_id = o.id) as has_children
         from queue_options o
        where o.company_id = ? and o.queue_id = ? and o.parent_id is not distinct from ?
        order by o.option, o.id`,
      [companyId, queueId, parentId],
    );
  }

  async option(companyId: number, id: number): Promise<BotOption | null> {
    const rows = await this.sql(companyId).all<BotOption>(
      `select o.id, o.parent_id, o.option, o.title, o.message, o.media_path, o.media_name, true as has_children from queue_options o where o.company_id = ? and o.id = ?`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async prompt(companyId: number, promptId: number): Promise<PromptRow | null> {
    const [prompt] = await this.sql(companyId).all<PromptRow>(
      'select id, prompt, api_key, voice, voice_key, voice_region, model, max_tokens, temperature, max_messages, queue_id from prompts where company_id = ? and id = ?',
      [companyId, promptId],
    );
    return prompt ?? null;
  }

  /** The ticket's last `limit` conversation messages, newest first. */
  promptHistory(companyId: number, ticketId: number, limit: number): Promise<HistoryRow[]> {
    return this.sql(companyId).all<HistoryRow>(
      `select id, body, from_me, media_type, media_path from messages
        where company_id = ? and ticket_id = ? and not is_deleted and media_type not in ('call_log', 'reaction')
        order by created_at desc, id desc limit ?`,
      [companyId, ticketId, limit],
    );
  }

  async integration(companyId: number, integrationId: number): Promise<IntegrationRow | null> {
    const [integration] = await this.sql(companyId).all<IntegrationRow>('select * from queue_integrations where company_id = ? and id = ?', [
      companyId,
      integrationId,
    ]);
    return integration ?? null;
  }

  async queueExists(companyId: number, queueId: number): Promise<boolean> {
    return (await this.sql(companyId).all('select 1 from queues where company_id = ? and id = ?', [companyId, queueId])).length > 0;
  }

  async userExists(companyId: number, userId: number): Promise<boolean> {
    return (await this.sql(companyId).all('select 1 from users where company_id = ? and id = ?', [companyId, userId])).length > 0;
  }
}
