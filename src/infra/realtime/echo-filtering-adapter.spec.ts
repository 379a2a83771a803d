import { describe, expect, it } from '@jest/globals';
import msgpack from 'notepack.io';
import { isOwnBroadcast } from './echo-filtering-adapter.js';

describe('isOwnBroadcast', () => {
  const packet = { type: 2, data: ['company-1-appMessage', { action: 'create', message: { body: 'olá 🙂' } }], nsp: '/' };
  const opts = { rooms: ['company-1-mainchannel', 'ticket:9'], except: [], flags: {} };

  it('recognises the adapter’s own uid from the first bytes of what it published', () => {
    expect(isOwnBroadcast('aB3-x_', msgpack.encode(['aB3-x_', packet, opts]))).toBe(true);
  });

  it('lets another process’s broadcast through, and anything it cannot read', () => {
    expect(isOwnBroadcast('aB3-x_', msgpack.encode(['zz9-x_', packet, opts]))).toBe(false);
    expect(isOwnBroadcast('aB3-x_', msgpack.encode(['aB3-x_long', packet, opts]))).toBe(false);
    expect(isOwnBroadcast('aB3-x_', msgpack.encode({ uid: 'aB3-x_' }))).toBe(false);
    expect(isOwnBroadcast('aB3-x_', Buffer.alloc(0))).toBe(false);
  });
});
