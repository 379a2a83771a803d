import { describe, expect, it } from '@jest/globals';
import { KeyCache } from './key-cache.js';

describe('KeyCache', () => {
  it('keeps the most recently used keys within its capacity', () => {
    const cache = new KeyCache(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('remembers deleted signal keys as null, and forgets on del and flushAll', () => {
    const cache = new KeyCache();
    cache.set('pre-key.1', null);
    expect(cache.get('pre-key.1')).toBeNull();
    cache.set('session.x', 'S');
    cache.del('session.x');
    expect(cache.get('session.x')).toBeUndefined();
    cache.flushAll();
    expect(cache.get('pre-key.1')).toBeUndefined();
  });
});
