import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { renderTemplate } from '../../shared/template-variables.js';
import { Company } from '../companies/company.entity.js';
import { OutboundMessages, type SendExtras } from '../messages/outbound-messages.js';
import { Queue } from '../queues/queue.entity.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { User } from '../users/user.entity.js';
import type { TicketState } from './ticket-lifecycle.repository.js';
import { acceptedGreeting, ratingQuestion, transferNotice } from './ticket-notices.js';
import type { Ticket } from './ticket.entity.js';

/** Where an automatic text goes. */
export interface CourtesyTarget {
  id: number;
  whatsappId: number | null;
  contactNumber: string;
  isGroup: boolean;
}

/** A ticket's state before an agent's change. */
export interface Before {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** Texts the server sends on the team's behalf during a transition (server-behaviour §4): a failure is logged, never thrown. */
@Injectable()
export class TicketCourtesy {
  private readonly logger = new Logger('TicketLifecycle');

  constructor(
    private readonly em: EntityManager,
    private readonly outbound: OutboundMessages,
    private readonly settings: CompanySettingsCache,
  ) {}

  /** A template text (rendered with the ticket's contact, protocol and clock) to the customer of a ticket state. */
  async say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    if (!text?.trim() && !extras.file) return false;
    const rendered = text ? renderTemplate(text, { name: ticket.contact_name, protocol: ticket.protocol, timeZone: ticket.timezone }) : '';
    const target = { id: ticket.id, whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact_number, isGroup: ticket.is_group };
    return this.send(companyId, target, rendered, extras);
  }

  /** The accept greeting and the transfer notice of an agent's change, when the company has them on. */
  async agentNotices(companyId: number, ticket: Ticket, before: Before): Promise<void> {
    if (ticket.isGroup || ticket.status === 'closed') return;
    const queueId = ticket.queue?.id ?? null;
    const contact = ticket.contact.getEntity();
    if (ticket.status === 'open' && before.status === 'pending' && ticket.user && (await this.settings.get(companyId, 'sendGreetingAccepted')) === 'enabled') {
      const company = await this.em.findOneOrFail(Company, companyId);
      const agent = (await this.em.findOneOrFail(User, ticket.user.id)).name;
      await this.notify(companyId, ticket, acceptedGreeting(contact.name, agent, company.timezone, ticket.protocol));
    }
    const transferred = (queueId !== before.queueId && queueId !== null) || (ticket.user && ticket.user.id !== before.userId && before.userId !== null);
    if (transferred && before.status !== 'closed' && (await this.settings.get(companyId, 'sendMsgTransfTicket')) === 'enabled') {
      const queueName = queueId !== before.queueId && ticket.queue ? (await this.em.findOneOrFail(Queue, ticket.queue.id)).name : null;
      const userName = ticket.user && ticket.user.id !== before.userId ? (await this.em.findOneOrFail(User, ticket.user.id)).name : null;
      const text = transferNotice(queueName, userName);
      if (text) await this.notify(companyId, ticket, text);
    }
  }

  /** The connection's completion message, sent before the ticket closes. */
  async completion(companyId: number, ticket: Ticket): Promise<void> {
    const whatsapp = ticket.whatsapp?.isInitialized() ? ticket.whatsapp.getEntity() : null;
    if (ticket.isGroup || !whatsapp?.complationMessage?.trim()) return;
    const company = await this.em.findOneOrFail(Company, companyId);
    const text = renderTemplate(whatsapp.complationMessage, { name: ticket.contact.getEntity().name, protocol: ticket.protocol, timeZone: company.timezone });
    await this.notify(companyId, ticket, text);
  }

  /** The connection's rating message with the 1–3 menu. */
  async ratingQuestion(companyId: number, ticket: Ticket): Promise<void> {
    const whatsapp = ticket.whatsapp!.getEntity();
    const company = await this.em.findOneOrFail(Company, companyId);
    const text = renderTemplate(ratingQuestion(whatsapp.ratingMessage), {
      name: ticket.contact.getEntity().name,
      protocol: ticket.protocol,
      timeZone: company.timezone,
    });
    await this.notify(companyId, ticket, text);
  }

  /** An already rendered text. */
  async send(companyId: number, target: CourtesyTarget, text: string, extras: SendExtras = {}): Promise<boolean> {
    try {
      await this.outbound.sendToTicket(
        companyId,
        { whatsappId: target.whatsappId, contactNumber: target.contactNumber, isGroup: target.isGroup },
        text,
        extras,
      );
      return true;
    } catch (error) {
      this.logger.warn(`ticket ${target.id}: automatic message not sent: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async notify(companyId: number, ticket: Ticket, text: string): Promise<void> {
    const target = { id: ticket.id, whatsappId: ticket.whatsapp?.id ?? null, contactNumber: ticket.contact.getEntity().number, isGroup: ticket.isGroup };
    await this.send(companyId, target, text);
  }
}
