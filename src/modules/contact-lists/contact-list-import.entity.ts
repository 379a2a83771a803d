import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { ContactList } from './contact-list.entity.js';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One spreadsheet import of a list: the job's durable state and progress (the job re-reads it when it runs). */
@Entity({ tableName: 'contact_list_imports' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'contactList', 'createdAt'] })
export class ContactListImport extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => ContactList, { ref: true, deleteRule: 'cascade' })
  contactList!: Ref<ContactList>;

  @Enum({ items: () => IMPORT_STATUSES, default: 'queued' })
  status: ImportStatus & Opt = 'queued';

  /** The uploaded file in storage until the import ends. */
  @Property({ type: 'string', length: 255, nullable: true })
  storedPath: string | null = null;

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'integer', default: 0 })
  total: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  processed: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  valid: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  invalid: number & Opt = 0;

  @Property({ type: 'integer', default: 0 })
  duplicates: number & Opt = 0;

  /** Rows whose e-mail is not one (stored without it), and the first of their sheet lines. */
  @Property({ type: 'integer', default: 0 })
  invalidEmails: number & Opt = 0;

  @Property({ type: 'json', default: '[]' })
  invalidEmailLines: number[] & Opt = [];

  /** An error code when the import failed. */
  @Property({ type: 'string', length: 80, nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  finishedAt: Date | null = null;
}
