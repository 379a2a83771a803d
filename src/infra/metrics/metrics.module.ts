import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { HttpMetricsMiddleware } from './http-metrics.middleware.js';
import { JobTimings } from './job-timings.js';
import { MetricsCollectors } from './metrics-collectors.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsPort } from './metrics-port.js';
import { MetricsRepository } from './metrics.repository.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';

/**
 * Prometheus metrics of this process: `/metrics` on the main port behind METRICS_TOKEN and/or on METRICS_PORT, the
 * HTTP middleware, and the series read at scrape time. Counters moved elsewhere are in instruments.ts.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsCollectors, MetricsPort, MetricsTokenGuard, JobTimings],
  exports: [MetricsCollectors, MetricsPort],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
