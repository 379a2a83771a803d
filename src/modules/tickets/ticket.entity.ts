import type { MessagePreview } from '../../shared/message-preview.js';
import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { QueueOption } from '../queue-options/queue-option.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { User } from '../users/user.entity.js';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * One conversation cycle with a contact on a connection. At most one non-closed ticket per (contact, connection):
 * a partial unique index in the migration enforces it.
 */
@Entity({ tableName: 'tickets' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'uuid'] })
@Index({ properties: ['company', 'status', 'updatedAt'] })
@Index({ properties: ['company', 'contact'] })
@Index({ properties: ['company', 'queue', 'status'] })
@Index({ properties: ['company', 'user', 'status'] })
// The list's order and keyset cursor (migration ..._ticket_counters).
@Index({
  name: 'tickets_company_id_status_last_message_at_id_index',
  expression: 'create index "tickets_company_id_status_last_message_at_id_index" on "tickets" ("company_id", "status", "last_message_at" desc, "id" desc)',
})
export class Ticket extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  uuid: string & Opt = crypto.randomUUID();

  @Enum({ items: () => TICKET_STATUSES, default: 'pending' })
  status: TicketStatus & Opt = 'pending';

  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  /** Null once the connection is deleted: the conversation history outlives the number. */
  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp: Ref<Whatsapp> | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @ManyToOne(() => Queue, { ref: true, nullable: true, deleteRule: 'set null' })
  queue: Ref<Queue> | null = null;

  @Property({ type: 'text', nullable: true })
  lastMessage: string | null = null;

  /** When the last message was stored: the list's order and the time a row shows (a transfer never moves it). */
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  lastMessageAt: Date & Opt = new Date();

  /** The neutral preview of the last message (src/shared/message-preview.ts); null before previews existed. */
  @Property({ type: 'json', nullable: true })
  lastMessagePreview: MessagePreview | null = null;

  @Property({ type: 'integer', default: 0 })
  unreadMessages: number & Opt = 0;

  @Property({ type: 'boolean', default: false })
  isGroup: boolean & Opt = false;

  /** The bot is still talking with the customer. */
  @Property({ type: 'boolean', default: false })
  chatbot: boolean & Opt = false;

  @Property({ type: 'boolean', default: false })
  useIntegration: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  integrationId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  promptId: number | null = null;

  /** Per-ticket protocol number, stable for the ticket ({{protocol}}). */
  @Property({ type: 'string', length: 32 })
  protocol!: string;

  @Property({ type: 'integer', default: 0 })
  amountUsedBotQueues: number & Opt = 0;

  /** Where the customer stands in the queue's option tree while the bot talks (null = the queue's first level). */
  @ManyToOne(() => QueueOption, { ref: true, nullable: true, deleteRule: 'set null' })
  queueOption: Ref<QueueOption> | null = null;

  /** Set while the closing rating question waits for the customer's 1–3 (status stays open). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  ratingRequestedAt: Date | null = null;

  /** The one reminder of the rating question was sent. */
  @Property({ type: 'boolean', default: false })
  ratingReminded: boolean & Opt = false;

  /** When the last queue menu was sent (timeUseBotQueues counts from here). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  botMenuAt: Date | null = null;

  /** The Typebot chat of this ticket and when it last spoke. */
  @Property({ type: 'string', length: 255, nullable: true })
  typebotSessionId: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  typebotSessionAt: Date | null = null;
}
