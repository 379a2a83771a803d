import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../infra/database/sql.js';

export interface ExpiryFacts {
  status: string;
  is_group: boolean;
  expires_ticket: number;
  expires_inactive_message: string | null;
  last_from_me: boolean | null;
  last_at: Date | null;
}

export interface TransferFacts {
  status: string;
  queue_id: number | null;
  user_id: number | null;
  created_at: Date;
  time_to_transfer: number | null;
  transfer_queue_id: number | null;
}

/** What a bot timer re-reads when it fires: the ticket, its connection's settings and its last message. */
@Injectable()
export class TimerFactsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /** expiresTicket: the ticket (not waiting for a rating), the connection's limit and text, and who wrote last. */
  async expiry(companyId: number, ticketId: number): Promise<ExpiryFacts | null> {
    const [facts] = await this.sql(companyId).all<ExpiryFacts>(
      `select t.status, t.is_group, w.expires_ticket, w.expires_inactive_message, last.from_me as last_from_me, last.created_at as last_at
         from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
         left join lateral (select m.from_me, m.created_at from messages m where m.company_id = t.company_id and m.ticket_id = t.id
                             order by m.created_at desc, m.id desc limit 1) last on true
        where t.company_id = ? and t.id = ? and t.rating_requested_at is null`,
      [companyId, ticketId],
    );
    return facts ?? null;
  }

  /** timeToTransfer: the ticket's waiting state and the connection's transfer settings. */
  async transfer(companyId: number, ticketId: number): Promise<TransferFacts | null> {
    const [facts] = await this.sql(companyId).all<TransferFacts>(
      `select t.status, t.queue_id, t.user_id, t.created_at, w.time_to_transfer, w.transfer_queue_id
         from tickets t join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
        where t.company_id = ? and t.id = ?`,
      [companyId, ticketId],
    );
    return facts ?? null;
  }
}
