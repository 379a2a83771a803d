import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CompaniesModule } from '../companies/companies.module.js';
import { MessageTemplatesModule } from '../message-templates/message-templates.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ScheduleEvents } from './schedule-events.js';
import { ScheduleJobs, SCHEDULES_QUEUE } from './schedule-jobs.js';
import { ScheduleOutcomes } from './schedule-outcomes.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

@Module({
  imports: [CompaniesModule, OutboundModule, MessageTemplatesModule, BullModule.registerQueue({ name: SCHEDULES_QUEUE })],
  controllers: [SchedulesController],
  providers: [SchedulesService, ScheduleJobs, ScheduleSender, ScheduleEvents, ScheduleOutcomes],
})
export class SchedulesModule {}
