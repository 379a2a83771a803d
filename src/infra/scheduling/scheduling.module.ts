import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ExclusiveRunner } from './exclusive-runner.js';

/** @nestjs/schedule for periodic work, with a Redis lock so one process runs each tick. */
@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [ExclusiveRunner],
  exports: [ExclusiveRunner],
})
export class SchedulingModule {}
