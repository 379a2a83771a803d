import { ChannelManager } from '../../src/channels/channel-manager.js';
import { InboxDrainers } from '../../src/channels/inbox-drainers.js';
import { ChannelAuthKey } from '../../src/modules/connections/channel-auth-key.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { InboundPipeline } from '../../src/modules/messages/inbound-pipeline.js';
import type { TestApp } from './test-app.js';
import { TIME_FACTOR } from './time.js';

/** Polls until the condition holds (at most `timeoutMs`). */
export async function waitFor<T>(probe: () => Promise<T> | T, timeoutMs = 5000 * TIME_FACTOR): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A simulated phone that was linked before, so it connects at once. */
export async function connectedSimulator(
  t: TestApp,
  companyId: number,
  name = `Sim ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
): Promise<Whatsapp> {
  const em = t.em();
  const company = em.getReference(Company, companyId);
  const count = await em.count(Whatsapp, { company: companyId }, { filters: false });
  const connection = em.create(Whatsapp, { company, name, provider: 'simulator', isDefault: count === 0 });
  em.create(ChannelAuthKey, { company, whatsapp: connection, type: 'creds', keyId: 'creds', value: '{"simulator":true}' });
  await em.flush();
  const manager = t.app.get(ChannelManager);
  await manager.start(companyId, connection.id);
  await waitFor(() => manager.isConnected(connection.id));
  return connection;
}

/** Lets every queued provider event finish. */
/** Also the Cloud API's drainers, which queue what webhooks recorded (InboxDrainers). */
export const drainPipeline = async (t: TestApp): Promise<void> => {
  await t.app.get(InboxDrainers).settled();
  await t.app.get(InboundPipeline).drain();
};

/**
 * Runs the channel manager's boot sweep again, which starts the connections marked linked (the demo's simulator), and
 * waits until each is connected: a customer message injected before that would find the phone still connecting.
 */
export async function startConnections(t: TestApp): Promise<void> {
  const manager = t.app.get(ChannelManager);
  await manager.onApplicationBootstrap();
  const starting = await t
    .em()
    .fork()
    .find(Whatsapp, { status: { $in: ['CONNECTED', 'OPENING'] } }, { filters: false });
  await waitFor(() => starting.every((connection) => manager.isConnected(connection.id)), 10_000 * TIME_FACTOR);
}
