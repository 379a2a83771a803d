import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Attendance-cycle timestamps for the dashboard (queuedAt, startedAt, finishedAt). */
@Injectable()
export class TicketCycles {
  constructor(private readonly em: EntityManager) {}

  async started(companyId: number, ticketId: number, userId: number | null, queueId: number | null): Promise<void> {
    await this.em.getConnection().execute(
      `update ticket_cycles set started_at = coalesce(started_at, now()), user_id = ?, queue_id = coalesce(?, queue_id), updated_at = now()
        where company_id = ? and ticket_id = ? and finished_at is null`,
      [userId, queueId, companyId, ticketId],
    );
  }

  async finished(companyId: number, ticketId: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('update ticket_cycles set finished_at = now(), updated_at = now() where company_id = ? and ticket_id = ? and finished_at is null', [companyId, ticketId]);
  }

  async opened(companyId: number, ticketId: number, userId: number | null, queueId: number | null, started: boolean): Promise<void> {
    await this.em.getConnection().execute(
      `insert into ticket_cycles (company_id, ticket_id, user_id, queue_id, queued_at, started_at, created_at, updated_at)
       values (?, ?, ?, ?, now(), ${started ? 'now()' : 'null'}, now(), now())`,
      [companyId, ticketId, userId, queueId],
    );
  }
}
