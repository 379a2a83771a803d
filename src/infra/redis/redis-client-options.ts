import type { RedisOptions } from 'ioredis';

/**
 * What every Redis client of the process shares. ioredis arms a timer of `disconnectTimeout` on disconnect even when
 * the socket has already closed (Redis was unreachable), so with its 2 s default a process stopping during an outage
 * stays alive 2 s after it is done; a closing socket on a live Redis is gone long before 200 ms.
 */
export const REDIS_CLIENT_OPTIONS = { disconnectTimeout: 200 } as const satisfies RedisOptions;
