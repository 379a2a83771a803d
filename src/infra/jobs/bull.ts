import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/app-config.js';

/** BullMQ keys live beside the app's own Redis keys, under the same per-install prefix. */
export const bullPrefix = (config: AppConfig): string => `${config.redisPrefix}:bull`;

/** BullMQ wants its own connection without a key prefix and with unlimited retries. */
export const bullConnection = (config: AppConfig): Redis => new Redis(config.redisUrl, { maxRetriesPerRequest: null });

/** Closes a BullMQ queue or worker and its connection; with Redis unreachable a graceful close would wait for it. */
export async function closeBull(target: { close(force?: boolean): Promise<void> } | null, connection: Redis | null): Promise<void> {
  if (!connection) return;
  if (connection.status !== 'ready') {
    void target?.close(true).catch(() => undefined);
    connection.disconnect();
    return;
  }
  await target?.close();
  await connection.quit().catch(() => connection.disconnect());
}
