import { Injectable, Logger } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { ContactListEventPayload, ContactListItemEventPayload } from '../../shared/campaign-api-types.js';
import { type CompanyEventMap, Rooms } from '../../shared/realtime-events.js';
import { ContactListsRepository } from './contact-lists.repository.js';

/** How long the company's admin list is reused (import progress emits up to four events a second). */
const AUDIENCE_TTL_MS = 10_000;

/**
 * `company-{id}-contact-list` (lists and import progress) and `company-{id}-ContactListItem` (items), to the rooms of
 * the company's admins only: contact lists are theirs (the ContactList rules), and their items carry customers'
 * names, numbers and emails that attendants' sockets must not receive.
 */
@Injectable()
export class ContactListEvents {
  private readonly logger = new Logger('ContactListEvents');
  private readonly audiences = new Map<number, { rooms: string[]; at: number }>();
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly realtime: RealtimeService,
    private readonly repository: ContactListsRepository,
  ) {}

  list(companyId: number, payload: ContactListEventPayload): void {
    this.emit(companyId, 'contact-list', payload);
  }

  item(companyId: number, payload: ContactListItemEventPayload): void {
    this.emit(companyId, 'ContactListItem', payload);
  }

  /** Emitted in call order, per company: each waits for the one before (the admins are looked up at most once per TTL). */
  private emit<T extends 'contact-list' | 'ContactListItem'>(companyId: number, topic: T, payload: CompanyEventMap[T]): void {
    const sent = (this.queues.get(companyId) ?? Promise.resolve())
      .then(() => this.roomsOf(companyId))
      .then((rooms) => this.realtime.toRooms(companyId, rooms, topic, payload))
      .catch((error: unknown) => this.logger.warn(`company ${companyId}: ${topic} event not sent: ${String(error)}`));
    this.queues.set(companyId, sent);
    void sent.then(() => {
      if (this.queues.get(companyId) === sent) this.queues.delete(companyId);
    });
  }

  private async roomsOf(companyId: number): Promise<string[]> {
    const known = this.audiences.get(companyId);
    if (known && Date.now() - known.at < AUDIENCE_TTL_MS) return known.rooms;
    const rooms = (await this.repository.adminIds(companyId)).map((id) => Rooms.user(id));
    this.audiences.set(companyId, { rooms, at: Date.now() });
    return rooms;
  }
}
