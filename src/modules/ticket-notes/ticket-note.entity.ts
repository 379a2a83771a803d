import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';

/** An internal observation on a ticket, also listed with every other note of the same contact. */
@Entity({ tableName: 'ticket_notes' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'ticket', 'createdAt'] })
@Index({ properties: ['company', 'contact', 'createdAt'] })
export class TicketNote extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  /** The ticket's contact, kept on the note so a contact's notes need no join. */
  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade' })
  contact!: Ref<Contact>;

  /** The author; the note outlives a deleted user. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Property({ type: 'text' })
  note!: string;
}
