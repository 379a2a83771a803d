import type { ConnectionOptions } from 'bullmq';
import type { AppConfig } from '../../config/app-config.js';

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
