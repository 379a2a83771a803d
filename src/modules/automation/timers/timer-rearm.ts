import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobReconciler } from '../../../infra/jobs/job-reconciler.js';
import { BotTimers } from './bot-timers.js';
import { TimerRearmRepository } from './timer-rearm.repository.js';

/** Arms again, from the tickets, the bot timers a Redis without its data lost. Each re-checks its ticket when it fires. */
@Injectable()
export class TimerRearm implements OnModuleInit {
  constructor(
    private readonly timers: BotTimers,
    private readonly repository: TimerRearmRepository,
    private readonly reconciler: JobReconciler,
  ) {}

  onModuleInit(): void {
    this.reconciler.register('bot timers', () => this.rearm());
  }

  async rearm(): Promise<number> {
    const due = await this.repository.dueTimers(this.timers.minuteMs);
    const now = Date.now();
    // Not replacing: a job that survived keeps its place, a missing one is added.
    for (const timer of due) {
      await this.timers.arm(timer.kind, { companyId: timer.company_id, ticketId: timer.ticket_id }, new Date(timer.due_at).getTime() - now, false);
    }
    return due.length;
  }
}
