import type { EntityManager } from '@mikro-orm/postgresql';
import { ChannelAuthKeysRepository, fencedWrite } from '../channel-auth-keys.repository.js';
import type { SessionLease } from '../channel-provider.js';
import type { AuthKeyStore, AuthKeyWrite } from './auth-state.js';

/**
 * Credentials and signal keys of one connection in `channel_auth_keys`. Built from the entity manager the Baileys
 * factory holds (one store per session), over the repository that runs the statements. With a lease, writes and
 * clears happen only while its session is the connection's newest; a refused one tells the lease (the session stops).
 */
export class PostgresAuthKeyStore implements AuthKeyStore {
  private readonly keys: ChannelAuthKeysRepository;

  constructor(
    em: EntityManager,
    private readonly companyId: number,
    private readonly whatsappId: number,
    private readonly lease?: SessionLease,
  ) {
    this.keys = new ChannelAuthKeysRepository(em);
  }

  read(type: string, keyIds: string[]): Promise<Map<string, string>> {
    return this.keys.read(this.companyId, this.whatsappId, type, keyIds);
  }

  write(rows: AuthKeyWrite[]): Promise<void> {
    return this.fenced(this.keys.write(this.companyId, this.whatsappId, rows, this.lease?.token));
  }

  clear(): Promise<void> {
    return this.fenced(this.keys.clear(this.companyId, this.whatsappId, this.lease?.token));
  }

  private fenced(work: Promise<void>): Promise<void> {
    return fencedWrite(work, this.lease);
  }
}

/** Drops every credential and key of one connection (logout, or a device the phone unlinked). */
export function clearAuthState(em: EntityManager, companyId: number, whatsappId: number): Promise<void> {
  return new ChannelAuthKeysRepository(em).clear(companyId, whatsappId);
}
