import type { CacheStore } from '@whiskeysockets/baileys';

/**
 * Least-recently-used cache in front of the key store. Baileys' default cache runs an interval timer that nothing
 * stops, so every reconnect would leave one behind; this one holds no timer and dies with its socket.
 */
export class KeyCache implements CacheStore {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly capacity = 5000) {}

  get<T>(key: string): T | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key);
    this.touch(key, value);
    return value as T;
  }

  set<T>(key: string, value: T): void {
    this.touch(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  del(key: string): void {
    this.entries.delete(key);
  }

  flushAll(): void {
    this.entries.clear();
  }

  /** Map keeps insertion order, so re-inserting moves a key to the most recent end. */
  private touch(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
  }
}
