import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { bullConnectionOptions, bullPrefix } from './bull.js';
import { JobReconciler } from './job-reconciler.js';

/** BullMQ for every module that owns delayed jobs (`BullModule.registerQueue` there), and their reconciliation. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnectionOptions(config), prefix: bullPrefix(config) }),
    }),
  ],
  providers: [JobReconciler],
  exports: [JobReconciler],
})
export class JobsModule {}
