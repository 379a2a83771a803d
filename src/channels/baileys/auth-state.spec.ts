import { describe, expect, it } from '@jest/globals';
import { initAuthCreds, proto } from '@whiskeysockets/baileys';
import { loadAuthState, serialised, type AuthKeyStore, type AuthKeyWrite } from './auth-state.js';

/** Rows in memory plus a log of every call, to check what reaches the database. */
class RecordingStore implements AuthKeyStore {
  readonly rows = new Map<string, string>();
  readonly reads: [string, string[]][] = [];
  readonly writes: AuthKeyWrite[][] = [];

  async read(type: string, keyIds: string[]): Promise<Map<string, string>> {
    this.reads.push([type, keyIds]);
    const found = new Map<string, string>();
    for (const id of keyIds) {
      const value = this.rows.get(`${type}/${id}`);
      if (value !== undefined) found.set(id, value);
    }
    return found;
  }

  async write(rows: AuthKeyWrite[]): Promise<void> {
    this.writes.push(rows);
    for (const row of rows) {
      if (row.value === null) this.rows.delete(`${row.type}/${row.keyId}`);
      else this.rows.set(`${row.type}/${row.keyId}`, row.value);
    }
  }

  async clear(): Promise<void> {
    this.rows.clear();
  }
}

describe('loadAuthState', () => {
  it('starts with fresh credentials and reads only the creds row', async () => {
    const store = new RecordingStore();
    const { state } = await loadAuthState(store);
    expect(state.creds.registered).toBe(false);
    expect(state.creds.noiseKey.private).toHaveLength(32);
    expect(store.reads).toEqual([['creds', ['creds']]]);
  });

  it('saves the credentials as one row and restores their buffers', async () => {
    const store = new RecordingStore();
    const first = await loadAuthState(store);
    first.state.creds.registered = true;
    await first.saveCreds();
    expect(store.writes).toEqual([[{ type: 'creds', keyId: 'creds', value: expect.any(String) }]]);

    const again = await loadAuthState(store);
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(first.state.creds.noiseKey.private))).toBe(true);
  });

  it('writes only the changed keys, deleting the nulls, in one call', async () => {
    const store = new RecordingStore();
    const { state } = await loadAuthState(store);
    const keyPair = initAuthCreds().signedIdentityKey;
    await state.keys.set({ 'pre-key': { '1': keyPair, '2': null }, session: { '5511988887777.0': Buffer.from([1, 2, 3]) } });
    expect(store.writes).toEqual([
      [
        { type: 'pre-key', keyId: '1', value: expect.any(String) },
        { type: 'pre-key', keyId: '2', value: null },
        { type: 'session', keyId: '5511988887777.0', value: expect.any(String) },
      ],
    ]);
    await state.keys.set({});
    expect(store.writes).toHaveLength(1);
  });

  it('loads only the requested keys in one read', async () => {
    const store = new RecordingStore();
    const { state } = await loadAuthState(store);
    const keyPair = initAuthCreds().signedIdentityKey;
    await state.keys.set({ 'pre-key': { '1': keyPair, '2': keyPair } });
    store.reads.length = 0;

    const found = await state.keys.get('pre-key', ['1', '3']);
    expect(store.reads).toEqual([['pre-key', ['1', '3']]]);
    expect(Object.keys(found)).toEqual(['1']);
    expect(Buffer.from(found['1']!.public).equals(Buffer.from(keyPair.public))).toBe(true);
    expect(await state.keys.get('pre-key', [])).toEqual({});
    expect(store.reads).toHaveLength(1);
  });

  it('revives app state sync keys as protobuf objects', async () => {
    const store = new RecordingStore();
    const { state } = await loadAuthState(store);
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from([9, 8, 7]), timestamp: 1234 });
    await state.keys.set({ 'app-state-sync-key': { AAAA: keyData } });

    const found = (await state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    expect(found).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(found!.keyData!).equals(Buffer.from([9, 8, 7]))).toBe(true);
  });
});

describe('serialised', () => {
  it('runs writes and clears one after the other, even after a failure', async () => {
    const order: string[] = [];
    const slow: AuthKeyStore = {
      read: async () => new Map(),
      write: async (rows) => {
        const name = rows[0]!.keyId;
        if (name === 'first') await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(name);
        if (name === 'broken') throw new Error('write failed');
      },
      clear: async () => {
        order.push('clear');
      },
    };
    const store = serialised(slow);
    const row = (keyId: string): AuthKeyWrite[] => [{ type: 'creds', keyId, value: '{}' }];
    const done = Promise.allSettled([store.write(row('first')), store.write(row('broken')), store.write(row('second')), store.clear()]);
    const results = await done;
    expect(order).toEqual(['first', 'broken', 'second', 'clear']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});
