import { Injectable, Logger } from '@nestjs/common';
import { renderTemplate } from '../../shared/template-variables.js';
import { OutboundMessages, type SendExtras } from '../messages/outbound-messages.js';
import type { TicketState } from './ticket-lifecycle.repository.js';

/** Where an automatic text goes. */
export interface CourtesyTarget {
  id: number;
  whatsappId: number | null;
  contactNumber: string;
  isGroup: boolean;
}

/** Texts the server sends on the team's behalf during a transition: a failure is logged, never thrown. */
@Injectable()
export class TicketCourtesy {
  private readonly logger = new Logger('TicketLifecycle');

  constructor(private readonly outbound: OutboundMessages) {}

  /** A template text (rendered with the ticket's contact, protocol and clock) to the customer of a ticket state. */
  async say(companyId: number, ticket: TicketState, text: string | null | undefined, extras: SendExtras = {}): Promise<boolean> {
    if (!text?.trim() && !extras.file) return false;
    const rendered = text ? renderTemplate(text, { name: ticket.contact_name, protocol: ticket.protocol, timeZone: ticket.timezone }) : '';
    const target = { id: ticket.id, whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact_number, isGroup: ticket.is_group };
    return this.send(companyId, target, rendered, extras);
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
}
