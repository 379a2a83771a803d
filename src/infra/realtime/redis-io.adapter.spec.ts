import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { settleFireAndForget } from './redis-io.adapter.js';

describe('socket.io adapter clients while Redis is away', () => {
  it('settle the commands the adapter drops, so a stop while connecting rejects nothing unhandled', async () => {
    // Nothing listens there; the client is still connecting when it is stopped, as on a busy machine.
    const client = new Redis('redis://127.0.0.1:6397', { retryStrategy: () => 1000 });
    client.on('error', () => undefined);
    const lost: string[] = [];
    let settled: () => void = () => undefined;
    const allLost = new Promise<void>((resolve) => (settled = resolve));
    settleFireAndForget(client, (command, error) => {
      lost.push(`${command}: ${error.message}`);
      if (lost.length === 3) settled();
    });
    // As the adapter does: the promises are dropped.
    void client.psubscribe('room:*');
    void client.subscribe('requests');
    void client.publish('room:1', 'event');
    client.disconnect();
    await allLost;
    expect(lost.sort()).toEqual(['psubscribe: Connection is closed.', 'publish: Connection is closed.', 'subscribe: Connection is closed.']);
    expect(client.status).toBe('end');
  });
});
