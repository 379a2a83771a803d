import { Logger } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { type ConnectionOptions, type JobsOptions, type Processor, type Queue, Worker, type WorkerOptions } from 'bullmq';
import type { AppConfig } from '../../config/app-config.js';
import { REDIS_CLIENT_OPTIONS } from '../redis/redis-client-options.js';

/** BullMQ keys live beside the app's own Redis keys, under the same per-install prefix. */
export const bullPrefix = (config: AppConfig): string => `${config.redisPrefix}:bull`;

/** The Redis address as connection options (BullMQ opens its own connections, without a key prefix). */
export function bullConnectionOptions(config: AppConfig): ConnectionOptions {
  const url = new URL(config.redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Workers need it; queues then wait for Redis instead of failing a command after a few retries.
    maxRetriesPerRequest: null,
    ...REDIS_CLIENT_OPTIONS,
  };
}

/**
 * With Redis unreachable, a graceful worker close waits for it forever; closing with force first (BullMQ keeps the
 * first close) lets the app stop. Called from `beforeApplicationShutdown` of each processor.
 */
export async function closeWorkerIfRedisDown(worker: { close(force?: boolean): Promise<void> } | undefined, redis: { status: string }): Promise<void> {
  if (worker && redis.status !== 'ready') await worker.close(true).catch(() => undefined);
}

/** How long a request or an inbound lane waits for a delayed job to be armed before going on without it. */
export const ARM_WAIT_MS = 2000;

/**
 * Waits for queue commands at most `ms`. While Redis is unreachable BullMQ keeps them (its connection retries without
 * limit) and sends them, in order, when Redis is back, so nobody needs to wait: an outage never holds a request or an
 * inbound lane. A command that fails for good is logged by `onError`; a Redis that comes back empty is re-armed from
 * the database by the JobReconciler.
 */
export async function armWithin(work: Promise<unknown>, ms: number, onLate: () => void, onError: (error: unknown) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const done = work.then(
    () => 'done' as const,
    (error: unknown) => {
      onError(error);
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome === 'late') onLate();
}

/** A delayed job to (re)arm: its id, its due time in milliseconds from now, and what it is called in logs. */
export interface DelayedJob<T> {
  jobId: string;
  name: string;
  data: T;
  delayMs: number;
  /** `false` keeps an already armed job of the same id (its clock started earlier). */
  replace?: boolean;
  /** "timer", "schedule": how the warnings name it. */
  label: string;
}

/**
 * Arms a delayed job, replacing the one of the same id, within `ARM_WAIT_MS` (see `armWithin`). The due time is fixed
 * now, even if Redis is away and the commands go out later. A job being processed cannot be removed: the workers
 * re-read the database when they run, so a stale job is a no-op.
 */
export async function armDelayedJob<T>(queue: Queue<T>, job: DelayedJob<T>, logger: Logger): Promise<void> {
  const options = { jobId: job.jobId, delay: Math.max(0, Math.round(job.delayMs)), timestamp: Date.now(), removeOnComplete: true, removeOnFail: 1000 };
  const work = (async () => {
    if (job.replace !== false) await queue.remove(job.jobId).catch((error: unknown) => logger.debug(`${job.jobId} not replaced: ${String(error)}`));
    // Queue<T> types add() through conditional types that stay unresolved for a generic T; the data is a T all the same.
    const add = queue.add.bind(queue) as (name: string, data: T, opts: JobsOptions) => Promise<unknown>;
    await add(job.name, job.data, options);
  })();
  await armWithin(
    work,
    ARM_WAIT_MS,
    () => logger.warn(`${job.jobId}: Redis is not answering; the ${job.label} is armed when it is back`),
    (error) => logger.error(`${job.jobId} not armed: ${String(error)}`),
  );
}

/** States in which a job will still run (or is running): anything else (failed, completed, gone) runs nothing. */
const LIVE_STATES = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Whether a job of that id will still run. Throws when Redis does not answer: a caller that cannot tell must not
 * conclude the job is gone.
 */
export async function jobIsLive(queue: Queue, jobId: string): Promise<boolean> {
  return LIVE_STATES.has(await queue.getJobState(jobId));
}

/**
 * Adds a job that must run now, under an id that may still be held by a failed or completed job of an earlier run
 * (BullMQ ignores an add whose id exists, whatever its state): such a job is removed first.
 */
export async function addReplacingFinished<T>(queue: Queue<T>, name: string, data: T, options: JobsOptions & { jobId: string }): Promise<void> {
  const state = await queue.getJobState(options.jobId);
  if (state === 'failed' || state === 'completed') await queue.remove(options.jobId).catch(() => undefined);
  const add = queue.add.bind(queue) as (name: string, data: T, opts: JobsOptions) => Promise<unknown>;
  await add(name, data, options);
}

/**
 * The BullMQ workers of an API process (ROLE=api): created like the others, so the processors' hooks find them, but
 * never fetching a job; the worker processes do the work.
 */
export class IdleWorker extends Worker {
  constructor(name: string, processor: Processor | undefined, options: WorkerOptions) {
    super(name, processor, { ...options, autorun: false });
  }
}

let openJobsGate: () => void = () => undefined;
let jobsOpen = false;
const sessionsBack = new Promise<void>((resolve) => {
  openJobsGate = resolve;
});

/** A worker process's sessions that ran before it started are back (or given up on): its jobs may run. */
export function openJobs(): void {
  jobsOpen = true;
  openJobsGate();
}

/** Whether the sessions this process starts at boot are up (or given up on): its readiness waits for it. */
export function bootSessionsStarted(): boolean {
  return jobsOpen;
}

/**
 * The BullMQ workers of a worker process (ROLE=worker) take jobs once the sessions it starts at boot are up: a
 * scheduled message or a campaign step that fell due while no worker ran is sent, rather than failed for lack of a
 * connection that is a moment away.
 */
export class SessionGatedWorker extends Worker {
  constructor(name: string, processor: Processor | undefined, options: WorkerOptions) {
    super(name, processor, { ...options, autorun: false });
    void sessionsBack
      .then(() => (this.closing || this.isRunning() ? undefined : this.run()))
      .catch((error: unknown) => new Logger('Jobs').error(`${name}: the worker did not start: ${String(error)}`));
  }
}

/** Chooses, before the app is created, how this process's BullMQ processors take jobs (the class is global). */
export function useWorkersOf(config: AppConfig): void {
  BullModule.workerClass = config.role === 'api' ? IdleWorker : config.role === 'worker' ? SessionGatedWorker : Worker;
}
