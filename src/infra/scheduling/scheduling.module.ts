import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { type AppConfig, runsBackgroundWork } from '../../config/app-config.js';
import { ExclusiveRunner } from './exclusive-runner.js';

/**
 * @nestjs/schedule for periodic work, with a Redis lock so one process runs each tick. The @Cron and @Interval
 * methods run only in processes that do background work (not with ROLE=api).
 */
@Global()
@Module({})
export class SchedulingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const background = runsBackgroundWork(config);
    return {
      module: SchedulingModule,
      imports: [ScheduleModule.forRoot({ cronJobs: background, intervals: background, timeouts: background })],
      providers: [ExclusiveRunner],
      exports: [ExclusiveRunner],
    };
  }
}
