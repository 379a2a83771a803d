import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { ScheduleEvents } from './schedule-events.js';
import { ScheduleJobs } from './schedule-jobs.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

@Module({ imports: [OutboundModule], controllers: [SchedulesController], providers: [SchedulesService, ScheduleJobs, ScheduleSender, ScheduleEvents] })
export class SchedulesModule {}
