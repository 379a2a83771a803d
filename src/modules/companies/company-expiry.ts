import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DomainEvents } from '../../infra/events/domain-events.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { ExclusiveRunner } from '../../infra/scheduling/exclusive-runner.js';
import { CompaniesRepository } from './companies.repository.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

const EVERY_MS = 60_000;

/**
 * When a company's due date passes, its open sockets are dropped (the reconnect is refused with the expiry text);
 * requests and refresh tokens check the date themselves. Each tick looks back two periods, so one missed tick
 * loses nothing; dropping the same sockets twice is harmless, and so is issuing the same invoice twice.
 */
@Injectable()
export class CompanyExpiry {
  constructor(
    private readonly repository: CompaniesRepository,
    private readonly realtime: RealtimeService,
    private readonly exclusive: ExclusiveRunner,
    private readonly domainEvents: DomainEvents,
    private readonly authContexts: AuthContextCache,
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
    const ids = await this.repository.expiredBetween(since, until);
    for (const id of ids) {
      // A context cached before the day ended would let requests in for its last moments.
      await this.authContexts.invalidate({ companyId: id });
      this.realtime.disconnectCompany(id);
      // An expired company can always pay: its invoice exists from the moment it expires.
      await this.domainEvents.publish('company.due-date', { companyId: id });
    }
    return ids;
  }
}
