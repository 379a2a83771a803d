import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { ExclusiveRunner } from '../../infra/scheduling/exclusive-runner.js';

const EVERY_MS = 60_000;

/**
 * When a company's due date passes, its open sockets are dropped (the reconnect is refused with the expiry text);
 * requests and refresh tokens check the date themselves. Each tick looks back two periods, so one missed tick
 * loses nothing; dropping the same sockets twice is harmless.
 */
@Injectable()
export class CompanyExpiry {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  // Unnamed: the scheduler registry is shared by every app of the process (tests run several).
  @Interval(EVERY_MS)
  async tick(): Promise<void> {
    await this.exclusive.run('company-expiry', EVERY_MS, async () => {
      await this.disconnectExpired(new Date(Date.now() - 2 * EVERY_MS));
    });
  }

  /** Drops the sockets of the companies whose due date passed since `since`; answers their ids. */
  async disconnectExpired(since: Date, until = new Date()): Promise<number[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: number }>>('select id from companies where due_date > ? and due_date <= ?', [since, until]);
    for (const row of rows) this.realtime.disconnectCompany(row.id);
    return rows.map((r) => r.id);
  }
}
