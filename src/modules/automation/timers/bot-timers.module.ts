import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BOT_TIMERS_QUEUE } from './bot-timer-jobs.js';
import { BotTimers } from './bot-timers.js';
import { BotTimersRepository } from './bot-timers.repository.js';
import { TimerRearm } from './timer-rearm.js';
import { TimerRearmRepository } from './timer-rearm.repository.js';

/** The producer side of the bot timers, global so message writers can arm them without a module cycle. */
@Global()
@Module({
  imports: [BullModule.registerQueue({ name: BOT_TIMERS_QUEUE })],
  providers: [BotTimers, BotTimersRepository, TimerRearmRepository, TimerRearm],
  exports: [BotTimers],
})
export class BotTimersModule {}
