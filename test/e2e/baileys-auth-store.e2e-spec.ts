import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { loadAuthState } from '../../src/channels/baileys/auth-state.js';
import { PostgresAuthKeyStore } from '../../src/channels/baileys/postgres-auth-state.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { createTenant, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('Baileys credentials in PostgreSQL', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let connectionA: Whatsapp;
  let connectionB: Whatsapp;

  const rows = (whatsappId: number) =>
    t
      .em()
      .getConnection()
      .execute<Array<{ type: string; key_id: string }>>('select type, key_id from channel_auth_keys where whatsapp_id = ? order by type, key_id', [whatsappId]);

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createTenant(t), await createTenant(t)];
    const em = t.em();
    connectionA = em.create(Whatsapp, { company: a.company, name: 'Baileys A' });
    connectionB = em.create(Whatsapp, { company: b.company, name: 'Baileys B' });
    await em.flush();
  });
  afterAll(() => t.close());

  it('writes one row per key, reads only the asked keys, deletes nulls, and keeps connections apart', async () => {
    const store = new PostgresAuthKeyStore(t.app.get(EntityManager), a.company.id, connectionA.id);
    const other = new PostgresAuthKeyStore(t.app.get(EntityManager), b.company.id, connectionB.id);
    await store.write([
      { type: 'pre-key', keyId: '1', value: '"one"' },
      { type: 'pre-key', keyId: '2', value: '"two"' },
      { type: 'session', keyId: '5511@s.whatsapp.net', value: '"s"' },
    ]);
    await other.write([{ type: 'pre-key', keyId: '1', value: '"other"' }]);
    expect(await store.read('pre-key', ['1', '2', '3'])).toEqual(
      new Map([
        ['1', '"one"'],
        ['2', '"two"'],
      ]),
    );
    expect(await other.read('pre-key', ['1', '2'])).toEqual(new Map([['1', '"other"']]));

    await store.write([
      { type: 'pre-key', keyId: '1', value: null },
      { type: 'pre-key', keyId: '2', value: '"two v2"' },
    ]);
    expect(await store.read('pre-key', ['1', '2'])).toEqual(new Map([['2', '"two v2"']]));
    expect((await rows(connectionA.id)).map((r) => `${r.type}/${r.key_id}`)).toEqual(['pre-key/2', 'session/5511@s.whatsapp.net']);

    await store.clear();
    expect(await rows(connectionA.id)).toEqual([]);
    expect(await rows(connectionB.id)).toHaveLength(1);
  });

  it('persists fresh credentials and reads them back with their binary keys intact', async () => {
    const store = new PostgresAuthKeyStore(t.app.get(EntityManager), a.company.id, connectionA.id);
    const first = await loadAuthState(store);
    await first.saveCreds();
    await first.state.keys.set({ 'pre-key': { '7': { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) } } });
    const again = await loadAuthState(store);
    expect(again.state.creds.registrationId).toBe(first.state.creds.registrationId);
    expect(Buffer.from(again.state.creds.noiseKey.public).equals(Buffer.from(first.state.creds.noiseKey.public))).toBe(true);
    const keys = await again.state.keys.get('pre-key', ['7']);
    expect(Buffer.from(keys['7']!.public).equals(Buffer.from([1, 2, 3]))).toBe(true);
  });
});
