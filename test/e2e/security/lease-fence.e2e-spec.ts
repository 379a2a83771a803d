import { EntityManager } from '@mikro-orm/postgresql';
import { PostgresAuthKeyStore } from '../../../src/channels/baileys/postgres-auth-state.js';
import { ChannelAuthKeysRepository, FencedOff } from '../../../src/channels/channel-auth-keys.repository.js';
import { AuthKeyLinkStore } from '../../../src/channels/simulator/simulator-provider.factory.js';
import { Whatsapp } from '../../../src/modules/connections/whatsapp.entity.js';
import { createTenant, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

/**
 * Two sessions of one connection (a Redis loss let two processes believe they hold its lease): only the newest one
 * writes the Baileys credentials; the older one is refused and told so, and cannot wipe them either.
 */
describe('security: credential writes are fenced per session', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let connection: Whatsapp;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    const em = t.em();
    connection = em.create(Whatsapp, { company: tenant.company, name: 'Cercada' });
    await em.flush();
  });
  afterAll(() => t?.close());

  const keys = () =>
    t
      .em()
      .getConnection()
      .execute<Array<{ type: string; key_id: string; value: string }>>(
        "select type, key_id, value from channel_auth_keys where whatsapp_id = ? and type <> 'lease-fence' order by type, key_id",
        [connection.id],
      );

  it('refuses the writes and the clear of a session once a newer one started, and tells it', async () => {
    const repository = t.app.get(ChannelAuthKeysRepository);
    const em = t.app.get(EntityManager);
    const fenced: string[] = [];
    const session = (token: string) => new PostgresAuthKeyStore(em, tenant.company.id, connection.id, { token, fencedOff: () => fenced.push(token) });

    await repository.takeFence(tenant.company.id, connection.id, 'old');
    const old = session('old');
    await old.write([{ type: 'creds', keyId: 'creds', value: '"old creds"' }]);

    // Another process starts a session of the same connection.
    await repository.takeFence(tenant.company.id, connection.id, 'new');
    const current = session('new');
    await expect(old.write([{ type: 'session', keyId: 'a', value: '"from the old socket"' }])).rejects.toBeInstanceOf(FencedOff);
    await expect(old.clear()).rejects.toBeInstanceOf(FencedOff);
    expect(fenced).toEqual(['old', 'old']);

    await current.write([{ type: 'creds', keyId: 'creds', value: '"new creds"' }]);
    expect(await keys()).toEqual([{ type: 'creds', key_id: 'creds', value: '"new creds"' }]);
    expect(await repository.fenceHolds(tenant.company.id, connection.id, 'new')).toBe(true);
    expect(await repository.fenceHolds(tenant.company.id, connection.id, 'old')).toBe(false);

    // The newest session's own logout clears everything, its token included: nothing older writes afterwards.
    await current.clear();
    expect(await keys()).toEqual([]);
    await expect(old.write([{ type: 'creds', keyId: 'creds', value: '"late"' }])).rejects.toBeInstanceOf(FencedOff);
    expect(await keys()).toEqual([]);
  });

  it("fences the simulator's link and unlink the same way", async () => {
    const repository = t.app.get(ChannelAuthKeysRepository);
    const ref = { companyId: tenant.company.id, id: connection.id, name: 'Cercada' };
    const fenced: string[] = [];
    const links = (token: string) => new AuthKeyLinkStore(repository, { token, fencedOff: () => fenced.push(token) });

    await repository.takeFence(tenant.company.id, connection.id, 'sim-old');
    const old = links('sim-old');
    await old.link(ref);
    expect(await old.isLinked(ref)).toBe(true);

    await repository.takeFence(tenant.company.id, connection.id, 'sim-new');
    await expect(old.unlink(ref)).rejects.toBeInstanceOf(FencedOff);
    await expect(old.link(ref)).rejects.toBeInstanceOf(FencedOff);
    expect(fenced).toEqual(['sim-old', 'sim-old']);
    // The refused unlink left the phone linked for the newest session.
    expect(await links('sim-new').isLinked(ref)).toBe(true);
    await links('sim-new').unlink(ref);
    expect(await keys()).toEqual([]);
  });
});
