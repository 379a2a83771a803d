import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { Schedule } from './schedule.entity.js';
import { toScheduleResponse } from './schedule.mapper.js';

/** `company-{id}-schedule`: the calendar adds, replaces or removes the event. */
@Injectable()
export class ScheduleEvents {
  constructor(private readonly realtime: RealtimeService) {}

  changed(companyId: number, schedule: Schedule, action: 'create' | 'update' = 'update'): void {
    this.realtime.toCompany(companyId, 'schedule', { action, schedule: toScheduleResponse(schedule) });
  }

  deleted(companyId: number, scheduleId: number): void {
    this.realtime.toCompany(companyId, 'schedule', { action: 'delete', scheduleId });
  }
}
