import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ScheduleEntry } from '../../shared/schedules.js';

export interface BotTicket {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  queue_option_id: number | null;
  chatbot: boolean;
  amount_used_bot_queues: number;
  protocol: string;
  contact_name: string;
}

export interface BotQueue {
  id: number;
  name: string;
  greeting_message: string | null;
  out_of_hours_message: string | null;
  schedules: ScheduleEntry[] | null;
}

export interface BotConnection {
  greeting_message: string | null;
  out_of_hours_message: string | null;
  max_use_bot_queues: number;
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
}

/** What the bot reads and writes, in plain indexed SQL (it runs inside the inbound lane). */
@Injectable()
export class BotRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  async ticket(companyId: number, id: number): Promise<BotTicket | null> {
    const rows = await this.run<BotTicket>(
      `select t.id, t.status, t.user_id, t.queue_id, t.queue_option_id, t.chatbot, t.amount_used_bot_queues, t.protocol, c.name as contact_name
         from tickets t join contacts c on c.id = t.contact_id where t.company_id = ? and t.id = ?`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async connection(companyId: number, whatsappId: number): Promise<BotConnection | null> {
    const rows = await this.run<BotConnection>(
      `select w.greeting_message, w.out_of_hours_message, w.max_use_bot_queues, c.schedules as company_schedules, c.timezone
         from whatsapps w join companies c on c.id = w.company_id where w.company_id = ? and w.id = ?`,
      [companyId, whatsappId],
    );
    return rows[0] ?? null;
  }

  /** The connection's queues in menu order (orderQueue, then name). */
  queues(companyId: number, whatsappId: number): Promise<BotQueue[]> {
    return this.run<BotQueue>(
      `select q.id, q.name, q.greeting_message, q.out_of_hours_message, q.schedules
         from whatsapp_queues wq join queues q on q.id = wq.queue_id
        where q.company_id = ? and wq.whatsapp_id = ? order by q.order_queue nulls last, q.name, q.id`,
      [companyId, whatsappId],
    );
  }

  /** One level of a queue's option tree (parent null = the first level). */
  options(companyId: number, queueId: number, parentId: number | null): Promise<BotOption[]> {
    return this.run<BotOption>(
      `select o.id, o.parent_id, o.option, o.title, o.message,
              exists (select 1 from queue_options c where c.company_id = o.company_id and c.parent_id = o.id) as has_children
         from queue_options o
        where o.company_id = ? and o.queue_id = ? and o.parent_id is not distinct from ?
        order by o.option, o.id`,
      [companyId, queueId, parentId],
    );
  }

  async option(companyId: number, id: number): Promise<BotOption | null> {
    const rows = await this.run<BotOption>(
      `select o.id, o.parent_id, o.option, o.title, o.message, true as has_children from queue_options o where o.company_id = ? and o.id = ?`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async update(companyId: number, ticketId: number, change: { queueId?: number | null; optionId?: number | null; chatbot?: boolean; menuSent?: boolean }): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (sql: string, value?: unknown) => {
      sets.push(sql);
      if (value !== undefined) params.push(value);
    };
    if (change.queueId !== undefined) set('queue_id = ?', change.queueId);
    if (change.optionId !== undefined) set('queue_option_id = ?', change.optionId);
    if (change.chatbot !== undefined) set('chatbot = ?', change.chatbot);
    if (change.menuSent) set('amount_used_bot_queues = amount_used_bot_queues + 1');
    if (!sets.length) return;
    await this.run(`update tickets set ${sets.join(', ')}, updated_at = now() where company_id = ? and id = ?`, [...params, companyId, ticketId]);
  }
}
