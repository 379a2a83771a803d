import { Injectable } from '@nestjs/common';
import { TicketCyclesRepository } from './ticket-cycles.repository.js';

/** Attendance-cycle timestamps for the dashboard (queuedAt, startedAt, finishedAt). */
@Injectable()
export class TicketCycles {
  constructor(private readonly repository: TicketCyclesRepository) {}

  async started(companyId: number, ticketId: number, userId: number | null, queueId: number | null): Promise<void> {
    await this.repository.started(companyId, ticketId, userId, queueId);
  }

  async finished(companyId: number, ticketId: number): Promise<void> {
    await this.repository.finished(companyId, ticketId);
  }

  async opened(companyId: number, ticketId: number, userId: number | null, queueId: number | null, started: boolean): Promise<void> {
    await this.repository.opened(companyId, ticketId, userId, queueId, started);
  }
}
