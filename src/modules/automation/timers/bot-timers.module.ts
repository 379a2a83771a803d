import { Global, Module } from '@nestjs/common';
import { BotTimers } from './bot-timers.js';

/** The producer side of the bot timers, global so message writers can arm them without a module cycle. */
@Global()
@Module({ providers: [BotTimers], exports: [BotTimers] })
export class BotTimersModule {}
