import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

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

/** Fields an automatic close resets: no bot, integration or pending rating survives a closed ticket. */
const CLOSED_RESET = `status = 'closed', chatbot = false, use_integration = false, integration_id = null, prompt_id = null,
  rating_requested_at = null, rating_reminded = false, typebot_session_id = null, typebot_session_at = null, queue_option_id = null`;

/** The ticket statements of system transitions (timers, the rating answer, bots handing over), on explicit company ids. */
@Injectable()
export class AutomaticTransitionsRepository {
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
              chatbot = false, use_integration = false, integration_id = null, prompt_id = null, queue_option_id = null,
              typebot_session_id = null, typebot_session_at = null, updated_at = now()
        where company_id = ? and id = ? and status <> 'closed'`,
      [queueId, userId, userId, companyId, ticketId],
    );
  }
}
