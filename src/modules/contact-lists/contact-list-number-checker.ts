import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChannelManager } from '../../channels/channel-manager.js';
import type { NumberCheck } from '../../channels/channel-provider.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';

/** Checks one number on WhatsApp; null when it could not be checked (the connection dropped meanwhile). */
export type NumberCheckFn = (number: string) => Promise<NumberCheck | null>;

/**
 * The WhatsApp check of list items: through the company's default connection, or another connected one when the
 * default is not connected. Without any, items stay unchecked (null) and campaigns check them at send time.
 */
@Injectable()
export class ContactListNumberChecker {
  constructor(private readonly channels: ChannelManager) {}

  /** `em` is scoped to the company. */
  async forCompany(em: EntityManager, companyId: number): Promise<NumberCheckFn | null> {
    const connections = await em.find(Whatsapp, {}, { fields: ['id', 'isDefault'], orderBy: { isDefault: 'DESC', id: 'ASC' } });
    const chosen = connections.find((connection) => this.channels.isConnected(connection.id));
    if (!chosen) return null;
    return async (number) => {
      try {
        return await this.channels.session(companyId, chosen.id).checkNumber(number);
      } catch {
        return null;
      }
    };
  }
}
