import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys';
import type { ChannelEvents } from '../channel-provider.js';
import { BaileysProviderFactory } from './baileys-provider.factory.js';
import { BaileysSession } from './baileys-session.js';
import type { BaileysSocket } from './socket.js';

/** An entity manager that answers every query with no rows and remembers the parameters. */
function emptyDatabase(): { em: EntityManager; params: unknown[][] } {
  const params: unknown[][] = [];
  const em = {
    fork: () => em,
    setFilterParams: () => undefined,
    execute: async (_sql: string, values: unknown[]) => {
      params.push(values);
      return [];
    },
  };
  return { em: em as unknown as EntityManager, params };
}

const silentEvents = {} as ChannelEvents;
const NO_RELAY = { whatsappWebSocketUrl: null };

/** A factory whose sessions hand their socket config to `configs` instead of connecting. */
function recordingFactory(em: EntityManager, config: { whatsappWebSocketUrl: string | null }) {
  const factory = new BaileysProviderFactory(em, config);
  const configs: UserFacingSocketConfig[] = [];
  factory.setSocketFactory((socketConfig) => {
    configs.push(socketConfig);
    return { ev: { on: () => undefined, off: () => undefined } } as unknown as BaileysSocket;
  });
  return { factory, configs };
}

describe('BaileysProviderFactory', () => {
  it('is the beta provider and injects the entity manager', () => {
    expect(new BaileysProviderFactory(emptyDatabase().em, NO_RELAY).provider).toBe('beta');
    expect(Reflect.getMetadata('design:paramtypes', BaileysProviderFactory)[0]).toBe(EntityManager);
  });

  it('creates sessions that load credentials of their own connection and use the plugged socket', async () => {
    const { em, params } = emptyDatabase();
    const { factory, configs } = recordingFactory(em, NO_RELAY);

    const session = factory.create({ id: 42, companyId: 7, name: 'Vendas' }, silentEvents);
    await session.start();

    expect(session).toBeInstanceOf(BaileysSession);
    expect(params).toEqual([[7, 42, 'creds', ['creds']]]);
    expect(configs).toHaveLength(1);
    expect(configs[0]?.waWebSocketUrl).toBeUndefined();
  });

  it('points sessions at the configured WhatsApp Web address (WHATSAPP_WS_URL)', async () => {
    const { factory, configs } = recordingFactory(emptyDatabase().em, { whatsappWebSocketUrl: 'ws://127.0.0.1:1/ws/chat' });
    await factory.create({ id: 42, companyId: 7, name: 'Vendas' }, silentEvents).start();
    expect(configs.map((c) => String(c.waWebSocketUrl))).toEqual(['ws://127.0.0.1:1/ws/chat']);
  });

  it('clears the credentials of one connection', async () => {
    const { em, params } = emptyDatabase();
    await new BaileysProviderFactory(em, NO_RELAY).clearAuthState(7, 42);
    expect(params).toEqual([[7, 42]]);
  });
});
