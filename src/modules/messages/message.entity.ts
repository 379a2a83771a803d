import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';

export interface EditHistoryEntry {
  body: string;
  editedAt: string;
}

/** A message of a ticket. Unique per (company, connection, provider id): a replayed provider event is a no-op. */
@Entity({ tableName: 'messages' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'whatsapp', 'providerId'] })
@Index({ properties: ['company', 'ticket', 'createdAt', 'id'] })
@Index({ properties: ['company', 'contact', 'createdAt'] })
export class Message extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  @ManyToOne(() => Contact, { ref: true, nullable: true, deleteRule: 'set null' })
  contact: Ref<Contact> | null = null;

  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp: Ref<Whatsapp> | null = null;

  @Property({ type: 'string', length: 128 })
  providerId!: string;

  @Property({ type: 'string', length: 128 })
  remoteJid!: string;

  @Property({ type: 'string', length: 128, nullable: true })
  participant: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  senderName: string | null = null;

  @Property({ type: 'text' })
  body: string & Opt = '';

  @Property({ type: 'boolean', default: false })
  fromMe: boolean & Opt = false;

  @Property({ type: 'boolean', default: false })
  read: boolean & Opt = false;

  /** 0 pending, 1 sent, 2 delivered to server, 3 delivered, 4 read, 5 played. Only ever grows. */
  @Property({ type: 'smallint', default: 0 })
  ack: number & Opt = 0;

  @Property({ type: 'string', length: 30, default: 'chat' })
  mediaType: string & Opt = 'chat';

  /** Storage path `company{id}/{generated name}`, served under /public/. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  /** The sender's file name, metadata only. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;

  /** An audio's length in whole seconds (voice notes and received audio), for previews and the voice-note send. */
  @Property({ type: 'integer', nullable: true })
  mediaSeconds: number | null = null;

  @ManyToOne(() => Message, { ref: true, nullable: true, deleteRule: 'set null' })
  quotedMsg: Ref<Message> | null = null;

  @Property({ type: 'boolean', default: false })
  isDeleted: boolean & Opt = false;

  @Property({ type: 'boolean', default: false })
  isEdited: boolean & Opt = false;

  @Property({ type: 'json', nullable: true })
  editHistory: EditHistoryEntry[] | null = null;

  /** A send the provider reported failed after accepting it: the catalogued code the chat shows. */
  @Property({ type: 'string', length: 64, nullable: true })
  sendErrorCode: string | null = null;

  /** The provider's own words for that failure (Meta's code and title), for support. */
  @Property({ type: 'text', nullable: true })
  sendError: string | null = null;

  /** When the provider says it was sent (createdAt is when we stored it). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  sentAt: Date | null = null;
}
