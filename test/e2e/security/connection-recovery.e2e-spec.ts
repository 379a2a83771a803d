import { randomUUID } from 'node:crypto';
import { ChannelManager } from '../../../src/channels/channel-manager.js';
import { SimulatorProviderFactory } from '../../../src/channels/simulator/simulator-provider.factory.js';
import { ConnectionLease } from '../../../src/channels/connection-lease.js';
import { ChannelAuthKey } from '../../../src/modules/connections/channel-auth-key.entity.js';
import { Whatsapp } from '../../../src/modules/connections/whatsapp.entity.js';
import type { SessionStatus } from '../../../src/channels/channel-provider.js';
import { Company } from '../../../src/modules/companies/company.entity.js';
import { connectedSimulator, drainPipeline, waitFor } from '../../utils/channels.js';
import { createTenant, login, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

describe('security: connections and recorded events after a crash', () => {
  let t: TestApp;
  let tenant: TenantFixture;

  beforeAll(async () => {
    t = await createTestApp({ channels: { leaseTtlMs: 1500, sweepIntervalMs: 60_000 } });
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function simulatorRow(status: SessionStatus, linked: boolean): Promise<Whatsapp> {
    const em = t.em();
    const company = em.getReference(Company, tenant.company.id);
    const row = em.create(Whatsapp, { company, name: `Sim ${randomUUID().slice(0, 8)}`, provider: 'simulator', status });
    if (linked) em.create(ChannelAuthKey, { company, whatsapp: row, type: 'creds', keyId: 'creds', value: '{"simulator":true}' });
    await em.flush();
    return row;
  }

  const statusOf = async (id: number) => (await rows<{ status: string }>(t, 'select status from whatsapps where id = ?', [id]))[0]!.status;

  it('starts a CONNECTED connection whose lease a dead process held, once that lease expires', async () => {
    const row = await simulatorRow('CONNECTED', true);
    // A process that died while running it: its lease is still in Redis, nobody renews it.
    const lease = t.app.get(ConnectionLease);
    const redisKey = lease.key(row.id);
    await (lease as unknown as { redis: { set: (...a: unknown[]) => Promise<unknown> } }).redis.set(redisKey, 'dead-process', 'PX', 1500);
    const manager = t.app.get(ChannelManager);
    await manager.sweep();
    expect(manager.isConnected(row.id)).toBe(false);
    await waitFor(async () => {
      await manager.sweep();
      return manager.isConnected(row.id);
    }, 15_000);
    // The session is up before its status is written (the status follows the session's event): wait for the row.
    await waitFor(async () => (await statusOf(row.id)) === 'CONNECTED');
    expect(await statusOf(row.id)).toBe('CONNECTED');
  });

  it('keeps a connection the user disconnected down, whatever sweeps run while the logout is under way', async () => {
    const connection = await connectedSimulator(t, tenant.company.id);
    await waitFor(async () => (await statusOf(connection.id)) === 'CONNECTED');
    const manager = t.app.get(ChannelManager);
    // Sweeps before, during and right after each step of the logout (they read the row, then the lease).
    const sweeping = Promise.all(
      Array.from({ length: 20 }, (_, i) => new Promise((resolve) => setImmediate(resolve)).then(() => (i % 2 ? manager.sweep() : undefined))),
    );
    await Promise.all([manager.logout(tenant.company.id, connection.id), sweeping, manager.sweep(), manager.sweep()]);
    await manager.sweep();
    expect(manager.isConnected(connection.id)).toBe(false);
    expect(await statusOf(connection.id)).toBe('DISCONNECTED');
    expect(await t.app.get(ConnectionLease).holder(connection.id)).toBeNull();
  });

  it('marks a QR code or pairing that no process runs any more as DISCONNECTED', async () => {
    const qr = await simulatorRow('qrcode', false);
    const pairing = await simulatorRow('PAIRING', false);
    await t.app.get(ChannelManager).sweep();
    expect(await statusOf(qr.id)).toBe('DISCONNECTED');
    expect(await statusOf(pairing.id)).toBe('DISCONNECTED');
  });

  it('processes, in order, the events a dead process recorded for a connection nobody runs', async () => {
    const row = await simulatorRow('DISCONNECTED', false);
    const message = (id: string, body: string) => ({
      kind: 'message',
      message: {
        providerId: id,
        remoteJid: '5511955554444@s.whatsapp.net',
        fromMe: false,
        isGroup: false,
        contactNumber: '5511955554444',
        pushName: 'Cliente',
        timestamp: new Date().toISOString(),
        mediaType: 'chat',
        body,
        media: null,
      },
    });
    const events = [
      message('DEAD-1', 'primeira'),
      message('DEAD-2', 'segunda'),
      { kind: 'edit', providerId: 'DEAD-1', body: 'primeira (editada)', editedAt: new Date().toISOString() },
    ];
    for (const event of events) {
      await rows(t, 'insert into inbound_inbox (id, company_id, whatsapp_id, kind, payload) values (?, ?, ?, ?, ?::jsonb)', [
        randomUUID(),
        tenant.company.id,
        row.id,
        event.kind,
        JSON.stringify(event),
      ]);
    }
    await t.app.get(ChannelManager).sweep();
    await drainPipeline(t);
    const stored = await rows<{ provider_id: string; body: string }>(t, 'select provider_id, body from messages where whatsapp_id = ? order by id', [row.id]);
    expect(stored).toEqual([
      { provider_id: 'DEAD-1', body: 'primeira (editada)' },
      { provider_id: 'DEAD-2', body: 'segunda' },
    ]);
    await waitFor(async () => (await rows<{ n: number }>(t, 'select count(*)::int as n from inbound_inbox where whatsapp_id = ?', [row.id]))[0]!.n === 0);
  });

  it('stores a customer text carrying NUL characters instead of dropping it', async () => {
    const connection = await connectedSimulator(t, tenant.company.id);
    const admin = await login(t, tenant.admin.email);
    const res = await t
      .http()
      .post(`/api/dev/simulator/${connection.id}/inbound`)
      .set('authorization', `Bearer ${admin.token}`)
      .send({ from: '5511944443333', name: 'Nu\u0000l', body: 'olá\u0000mundo', id: 'NUL-1' });
    expect(res.status).toBe(202);
    await drainPipeline(t);
    const [stored] = await rows<{ body: string }>(t, "select body from messages where provider_id = 'NUL-1'");
    expect(stored?.body).toBe('olámundo');
  });

  it('keeps the other events of a batch when one cannot be recorded (its connection was deleted meanwhile)', async () => {
    const kept = await connectedSimulator(t, tenant.company.id);
    const doomed = await connectedSimulator(t, tenant.company.id);
    const admin = await login(t, tenant.admin.email);
    const session = (id: number) => t.app.get(SimulatorProviderFactory).session(tenant.company.id, id);
    const phone = {
      remoteJid: '5511944441111@s.whatsapp.net',
      fromMe: false,
      isGroup: false,
      contactNumber: '5511944441111',
      timestamp: new Date(),
      mediaType: 'chat' as const,
    };
    const doomedSession = session(doomed.id);
    await rows(t, 'delete from whatsapps where id = ?', [doomed.id]);
    // Same tick, same batch: one event of a connection that no longer exists, one of a live one.
    const results = await Promise.allSettled([
      doomedSession.injectMessage({ ...phone, providerId: 'BATCH-DOOMED', body: 'perdida' }),
      session(kept.id).injectMessage({ ...phone, providerId: 'BATCH-KEPT', body: 'guardada' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    await drainPipeline(t);
    expect(await rows(t, "select provider_id from messages where provider_id like 'BATCH-%'")).toEqual([{ provider_id: 'BATCH-KEPT' }]);
    expect((await t.http().get('/api/auth/me').set(admin.auth)).status).toBe(200);
  });

  it('answers an event it could not record with an error, so the sender retries', async () => {
    const connection = await connectedSimulator(t, tenant.company.id);
    const admin = await login(t, tenant.admin.email);
    // The inbox refuses writes for a moment (as a full disk or a lost database would).
    await rows(t, "alter table inbound_inbox add constraint inbox_refuses check (kind <> 'message') not valid");
    try {
      const res = await t
        .http()
        .post(`/api/dev/simulator/${connection.id}/inbound`)
        .set('authorization', `Bearer ${admin.token}`)
        .send({ from: '5511944442222', body: 'perdida?', id: 'REFUSED-1' });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('ERR_INBOUND_NOT_RECORDED');
    } finally {
      await rows(t, 'alter table inbound_inbox drop constraint inbox_refuses');
    }
    await drainPipeline(t);
    expect(await rows(t, "select id from messages where provider_id = 'REFUSED-1'")).toHaveLength(0);
  });
});
