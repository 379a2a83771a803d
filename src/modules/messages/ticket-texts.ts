import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import type { TicketCompletingEvent, TicketTransitionedEvent } from '../../shared/domain-events.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { TicketLifecycle, type TicketState } from '../tickets/ticket-lifecycle.js';
import { RATING_REMINDER, acceptedGreeting, ratingQuestion, transferNotice } from '../tickets/ticket-notices.js';
import { OutboundMessages, type SendExtras } from './outbound-messages.js';
import { TicketTextsRepository } from './ticket-texts.repository.js';

/**
 * The texts the server sends on the team's behalf as a ticket moves (server-behaviour §4): the completion message,
 * the accept greeting, the transfer notice, the rating question and its reminder. A text that cannot go out is
 * logged, never thrown: the transition stands.
 */
@Injectable()
export class TicketTexts {
  private readonly logger = new Logger('TicketTexts');

  constructor(
    private readonly outbound: OutboundMessages,
    private readonly lifecycle: TicketLifecycle,
    private readonly settings: CompanySettingsCache,
    private readonly repository: TicketTextsRepository,
  ) {}

  /** A template text (rendered with the ticket's contact, protocol and clock) to the ticket's customer; false when not sent. */
  async say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    if (!text?.trim() && !extras.file) return false;
    const rendered = text ? renderTemplate(text, { name: ticket.contact_name, protocol: ticket.protocol, timeZone: ticket.timezone }) : '';
    return this.send(companyId, ticket, rendered, extras);
  }

  /** An already rendered text. */
  private async send(companyId: number, ticket: TicketState, text: string, extras: SendExtras = {}): Promise<boolean> {
    try {
      await this.outbound.sendToTicket(
        companyId,
        { whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact_number, isGroup: ticket.is_group },
        text,
        extras,
      );
      return true;
    } catch (error) {
      this.logger.warn(`ticket ${ticket.id}: automatic message not sent: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** The connection's completion message, before the ticket closes. */
  @OnDomainEvent('ticket.completing')
  async completing({ companyId, ticketId }: TicketCompletingEvent): Promise<void> {
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (!ticket?.whatsapp_id || ticket.is_group) return;
    const texts = await this.repository.connectionTexts(companyId, ticket.whatsapp_id);
    await this.say(companyId, ticket, texts?.complation_message);
  }

  @OnDomainEvent('ticket.transitioned')
  async transitioned(event: TicketTransitionedEvent): Promise<void> {
    const { companyId, ticketId, transitions, before, after } = event;
    if (event.isGroup) return;
    const greet = transitions.includes('accepted') && after.userId !== null && (await this.settings.get(companyId, 'sendGreetingAccepted')) === 'enabled';
    const notice = transitions.includes('transferred') && (await this.settings.get(companyId, 'sendMsgTransfTicket')) === 'enabled';
    const ask = transitions.includes('rating-requested');
    const remind = transitions.includes('rating-reminded');
    if (!greet && !notice && !ask && !remind) return;
    const ticket = await this.lifecycle.state(companyId, ticketId);
    if (!ticket) return;
    if (greet) {
      const agent = (await this.repository.userName(companyId, after.userId!)) ?? '';
      await this.send(companyId, ticket, acceptedGreeting(ticket.contact_name, agent, ticket.timezone, ticket.protocol));
    }
    if (notice) {
      const queueName = after.queueId !== null && after.queueId !== before?.queueId ? await this.repository.queueName(companyId, after.queueId) : null;
      const userName = after.userId !== null && after.userId !== before?.userId ? await this.repository.userName(companyId, after.userId) : null;
      const text = transferNotice(queueName, userName);
      if (text) await this.send(companyId, ticket, text);
    }
    if (ask && ticket.whatsapp_id) {
      const texts = await this.repository.connectionTexts(companyId, ticket.whatsapp_id);
      await this.say(companyId, ticket, ratingQuestion(texts?.rating_message ?? null));
    }
    if (remind) await this.say(companyId, ticket, RATING_REMINDER);
  }
}
