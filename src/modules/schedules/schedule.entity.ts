import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { MessageTemplate } from '../message-templates/message-template.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';

import type { ScheduleStatus } from '../../shared/api-types.js';

export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const satisfies readonly ScheduleStatus[];

/** A message to send to a contact at `sendAt` (a durable delayed job arms it). */
@Entity({ tableName: 'schedules' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'sendAt'] })
@Index({ properties: ['company', 'contact'] })
export class Schedule extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  sendAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Enum({ items: () => SCHEDULE_STATUSES, default: 'PENDENTE' })
  status: ScheduleStatus & Opt = 'PENDENTE';

  /** Why the last attempt failed (status ERRO). */
  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  /** Null: the company's default connection at send time. */
  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp: Ref<Whatsapp> | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  /** On a WhatsApp Cloud API connection: the approved template sent instead of the body. */
  @ManyToOne(() => MessageTemplate, { ref: true, nullable: true, deleteRule: 'set null' })
  template: Ref<MessageTemplate> | null = null;

  /** The text of each {{n}} of the template, with the schedule placeholders rendered at send time. */
  @Property({ type: 'json', default: '[]' })
  templateVariables: string[] & Opt = [];

  /** A template whose header shows a file: the public address Meta downloads it from. */
  @Property({ type: 'string', length: 2000, nullable: true })
  templateHeaderMediaUrl: string | null = null;

  /** The id the send went out under (a Cloud API send's biz_opaque_callback_data), recorded before the call. */
  @Property({ type: 'string', length: 100, nullable: true })
  providerId: string | null = null;

  /** When the send was attempted; with the schedule still PENDENTE afterwards, its outcome is unknown. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  attemptedAt: Date | null = null;

  /** What the provider's status webhooks said: 2 sent, 3 delivered, 4 read, 0 failed. */
  @Property({ type: 'smallint', nullable: true })
  outcomeAck: number | null = null;

  /** The ticket the sent message landed in. */
  @ManyToOne(() => Ticket, { ref: true, nullable: true, deleteRule: 'set null' })
  ticket: Ref<Ticket> | null = null;
}
