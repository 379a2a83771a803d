import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { brazilianVariants } from '../../channels/numbers.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { ContactWhatsappCheckResponse } from '../../shared/api-types.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { connectionNotFound, invalidWhatsappNumber } from './contact-errors.js';
import { toContactResponse } from './contact.mapper.js';
import type { Contact } from './contact.entity.js';
import { contactsWithNumber } from './contact-lookup.js';
import type { WhatsappCheckDto } from './dto/whatsapp-check.dto.js';

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
    await this.remember(companyId, contact, check.exists);
    if (!check.exists) throw invalidWhatsappNumber();
  }

  /**
   * A shared contact card's check (POST /contacts/whatsapp-check): the company's contact with the number answers when
   * its WhatsApp state is known; otherwise a connection checks the number, and the answer is kept on the contact when
   * there is one. `exists` is null when no connection could tell.
   */
  async check(ctx: AuthContext, dto: WhatsappCheckDto): Promise<ContactWhatsappCheckResponse> {
    // The tenant filter hides another company's connection: the same 404 as a missing one.
    if (dto.whatsappId !== undefined && (await this.em.count(Whatsapp, { id: dto.whatsappId })) === 0) throw connectionNotFound();
    const contact = await this.findByNumber(dto.number);
    if (contact?.isGroup) return { number: contact.number, exists: true, contact: toContactResponse(contact) };
    if (contact && contact.isWhatsappValid !== null) return { number: contact.number, exists: contact.isWhatsappValid, contact: toContactResponse(contact) };
    const check = await this.channels.checkNumber(ctx.companyId, contact?.number ?? dto.number, dto.whatsappId).catch(() => null);
    if (check && contact) await this.remember(ctx.companyId, contact, check.exists);
    return {
      number: check?.number ?? contact?.number ?? dto.number,
      exists: check ? check.exists : null,
      contact: contact ? toContactResponse(contact) : null,
    };
  }

  /** The contact stored under this number or its other Brazilian spelling (the exact one first). */
  private async findByNumber(number: string): Promise<Contact | null> {
    const found = await contactsWithNumber(this.em, [...new Set([number, ...brazilianVariants(number)])]);
    return found.find((contact) => contact.number === number) ?? found[0] ?? null;
  }

  /** Keeps what a check found on the contact and tells the company's screens. */
  private async remember(companyId: number, contact: Contact, exists: boolean): Promise<void> {
    if (contact.isWhatsappValid === exists) return;
    contact.isWhatsappValid = exists;
    await this.em.flush();
    await this.em.populate(contact, ['whatsapp', 'extraInfo']);
    this.realtime.toCompany(companyId, 'contact', { action: 'update', contact: toContactResponse(contact) });
  }
}
