import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BOT_TIMERS_QUEUE } from './bot-timer-jobs.js';
import { BotTimers } from './bot-timers.js';
import { BotTimersRepository } from './bot-timers.repository.js';
import { TimerRearm } from './timer-rearm.js';
import { TimerRearmRepository } from './timer-rearm.repository.js';
import { TimerTriggers } from './timer-triggers.js';

/** The producer side of the bot timers; messages and tickets reach it through domain events (`TimerTriggers`). */
@Module({
  imports: [BullModule.registerQueue({ name: BOT_TIMERS_QUEUE })],
  providers: [BotTimers, BotTimersRepository, TimerRearmRepository, TimerRearm, TimerTriggers],
  exports: [BotTimers],
})
export class BotTimersModule {}
