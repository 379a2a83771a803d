import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CompanyActivity } from '../companies/company-activity.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ScheduleEvents } from './schedule-events.js';
import { ScheduleJobs, SCHEDULES_QUEUE } from './schedule-jobs.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

@Module({
  imports: [OutboundModule, BullModule.registerQueue({ name: SCHEDULES_QUEUE })],
  controllers: [SchedulesController],
  providers: [SchedulesService, ScheduleJobs, ScheduleSender, ScheduleEvents, CompanyActivity],
})
export class SchedulesModule {}
