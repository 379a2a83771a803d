import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { ContactListEventPayload, ContactListItemEventPayload } from '../../shared/campaign-api-types.js';

/**
 * `company-{id}-contact-list` (lists and import progress) and `company-{id}-ContactListItem` (items), to the company's
 * admins only: contact lists are theirs (the ContactList rules), and their items carry customers' names, numbers and
 * emails that attendants' sockets must not receive.
 */
@Injectable()
export class ContactListEvents {
  constructor(private readonly realtime: RealtimeService) {}

  list(companyId: number, payload: ContactListEventPayload): void {
    this.realtime.toAdmins(companyId, 'contact-list', payload);
  }

  item(companyId: number, payload: ContactListItemEventPayload): void {
    this.realtime.toAdmins(companyId, 'ContactListItem', payload);
  }
}
