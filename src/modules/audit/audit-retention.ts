import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ExclusiveRunner } from '../../infra/scheduling/exclusive-runner.js';
import { AuditLogsRepository } from './audit-logs.repository.js';

const BATCH = 5000;
const LOCK_MS = 60 * 60 * 1000;

/** Removes audit entries past the configured retention, once a day, in batches that keep each transaction short. */
@Injectable()
export class AuditRetention {
  private readonly logger = new Logger('AuditRetention');

  constructor(
    private readonly logs: AuditLogsRepository,
    private readonly exclusive: ExclusiveRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Unnamed: the scheduler registry is shared by every app of the process (tests run several).
  @Cron(CronExpression.EVERY_DAY_AT_3AM)
  async tick(): Promise<void> {
    await this.exclusive.run('audit-retention', LOCK_MS, async () => {
      const removed = await this.expire();
      if (removed) this.logger.log(`removed ${removed} audit entries older than ${this.config.auditRetentionDays} days`);
    });
  }

  /** Answers how many entries went. */
  async expire(now = Date.now()): Promise<number> {
    const before = new Date(now - this.config.auditRetentionDays * 24 * 3600 * 1000);
    let removed = 0;
    for (;;) {
      const batch = await this.logs.expire(before, BATCH);
      removed += batch;
      if (batch < BATCH) return removed;
    }
  }
}
