import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChannelManager } from '../../channels/channel-manager.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { invalidWhatsappNumber } from './contact-errors.js';
import { toContactResponse } from './contact.mapper.js';
import type { Contact } from './contact.entity.js';

/**
 * Whether a chat can start with a contact (core §5: disabled when the contact is outside WhatsApp). A number not yet
 * known to be on WhatsApp is checked through the chosen connection (or another connected one) and the answer is kept
 * on the contact, so the contacts screen can tell; with no connected connection, or a check that fails, the number
 * stays unknown and the chat may start as before.
 */
@Injectable()
export class ContactWhatsappCheck {
  constructor(
    private readonly em: EntityManager,
    private readonly channels: ChannelManager,
    private readonly realtime: RealtimeService,
  ) {}

  async assertReachable(companyId: number, contact: Contact, connectionId: number): Promise<void> {
    if (contact.isGroup || contact.isWhatsappValid === true) return;
    const check = await this.channels.checkNumber(companyId, contact.number, connectionId).catch(() => null);
    if (!check) return;
    if (contact.isWhatsappValid !== check.exists) {
      contact.isWhatsappValid = check.exists;
      await this.em.flush();
      await this.em.populate(contact, ['whatsapp', 'extraInfo']);
      this.realtime.toCompany(companyId, 'contact', { action: 'update', contact: toContactResponse(contact) });
    }
    if (!check.exists) throw invalidWhatsappNumber();
  }
}
