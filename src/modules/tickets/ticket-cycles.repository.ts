import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

/** The attendance-cycle rows behind the dashboard: one open cycle per ticket, stamped as it moves. */
@Injectable()
export class TicketCyclesRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async started(companyId: number, ticketId: number, userId: number | null, queueId: number | null): Promise<void> {
    await this.sql(companyId).run(
      `update ticket_cycles set started_at = coalesce(started_at, now()), user_id = ?, queue_id = coalesce(?, queue_id), updated_at = now()
        where company_id = ? and ticket_id = ? and finished_at is null`,
      [userId, queueId, companyId, ticketId],
    );
  }

  async finished(companyId: number, ticketId: number): Promise<void> {
    await this.sql(companyId).run(
      'update ticket_cycles set finished_at = now(), updated_at = now() where company_id = ? and ticket_id = ? and finished_at is null',
      [companyId, ticketId],
    );
  }

  async opened(companyId: number, ticketId: number, userId: number | null, queueId: number | null, started: boolean): Promise<void> {
    await this.sql(companyId).run(
      `insert into ticket_cycles (company_id, ticket_id, user_id, queue_id, queued_at, started_at, created_at, updated_at)
       values (?, ?, ?, ?, now(), ${started ? 'now()' : 'null'}, now(), now())`,
      [companyId, ticketId, userId, queueId],
    );
  }
}
