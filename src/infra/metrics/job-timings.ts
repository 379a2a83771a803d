import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { jobMetrics } from './instruments.js';

const seconds = (job: Job | undefined): number | null =>
  job?.processedOn && job.finishedOn && job.finishedOn >= job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : null;

/** Times the jobs of every BullMQ processor of this app from their workers' own events (no change to a processor). */
@Injectable()
export class JobTimings implements OnApplicationBootstrap {
  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const host = wrapper.instance as unknown;
      if (!(host instanceof WorkerHost)) continue;
      let worker: WorkerHost['worker'];
      try {
        worker = host.worker;
      } catch {
        continue;
      }
      const queue = worker.name;
      worker.on('completed', (job: Job) => {
        const took = seconds(job);
        if (took !== null) jobMetrics.duration.observe({ queue, result: 'completed' }, took);
      });
      worker.on('failed', (job: Job | undefined) => {
        const took = seconds(job);
        if (took !== null) jobMetrics.duration.observe({ queue, result: 'failed' }, took);
      });
    }
  }
}
