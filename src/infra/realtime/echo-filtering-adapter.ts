import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Namespace } from 'socket.io';

type OnMessage = (pattern: unknown, channel: Buffer | string, message: Buffer) => void;

/**
 * Whether a broadcast read from Redis is this adapter's own. The adapter publishes `[uid, packet, opts]` as msgpack
 * (a three-element array, then the uid as a short string), so the uid is read from the first bytes without decoding
 * the packet.
 */
export function isOwnBroadcast(uid: string, message: Buffer): boolean {
  const length = Buffer.byteLength(uid);
  if (length >= 32 || message.length < 2 + length) return false;
  return message[0] === 0x93 && message[1] === (0xa0 | length) && message.toString('utf8', 2, 2 + length) === uid;
}

/**
 * The Redis adapter hears its own broadcasts back and decodes each whole packet only to drop it: every emit then costs
 * a full msgpack decode in the emitting process. This adapter drops them by their first bytes.
 */
class EchoFilteringRedisAdapter extends RedisAdapter {}

const baseOnMessage = (RedisAdapter.prototype as unknown as { onmessage: OnMessage }).onmessage;
// The base constructor binds `this.onmessage` as its Redis listener, so the override must be on the prototype.
Object.defineProperty(EchoFilteringRedisAdapter.prototype, 'onmessage', {
  configurable: true,
  writable: true,
  value: function onmessage(this: EchoFilteringRedisAdapter, pattern: unknown, channel: Buffer | string, message: Buffer): void {
    if (Buffer.isBuffer(message) && isOwnBroadcast(String(this.uid), message)) return;
    baseOnMessage.call(this, pattern, channel, message);
  },
});

/** `createAdapter` of @socket.io/redis-adapter, with own broadcasts dropped before decoding. */
export function createEchoFilteringAdapter(pub: Redis, sub: Redis, options: { key: string }) {
  // socket.io calls it with `new`: a function, not an arrow.
  return function adapter(nsp: Namespace) {
    return new EchoFilteringRedisAdapter(nsp, pub, sub, options);
  };
}
