import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import type { CampaignStatus, CampaignTemplateChoice } from '../../shared/campaigns.js';
import { CAMPAIGN_STATUSES } from '../../shared/campaigns.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactList } from '../contact-lists/contact-list.entity.js';
import { FileList } from '../files/file-list.entity.js';
import { Tag } from '../tags/tag.entity.js';

/** A mass message to a contact list (or the contacts of a tag), paced by the campaign settings (server §6). */
@Entity({ tableName: 'campaigns' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'createdAt'] })
@Index({ properties: ['company', 'status'] })
export class Campaign extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Enum({ items: () => CAMPAIGN_STATUSES, default: 'INATIVA' })
  status: CampaignStatus & Opt = 'INATIVA';

  @Property({ type: 'text', default: '' }) message1: string & Opt = '';
  @Property({ type: 'text', default: '' }) message2: string & Opt = '';
  @Property({ type: 'text', default: '' }) message3: string & Opt = '';
  @Property({ type: 'text', default: '' }) message4: string & Opt = '';
  @Property({ type: 'text', default: '' }) message5: string & Opt = '';
  @Property({ type: 'text', default: '' }) confirmationMessage1: string & Opt = '';
  @Property({ type: 'text', default: '' }) confirmationMessage2: string & Opt = '';
  @Property({ type: 'text', default: '' }) confirmationMessage3: string & Opt = '';
  @Property({ type: 'text', default: '' }) confirmationMessage4: string & Opt = '';
  @Property({ type: 'text', default: '' }) confirmationMessage5: string & Opt = '';

  /**
   * On a WhatsApp Cloud API connection, the approved template each message variant sends and the text of each of
   * its {{n}} values, with the campaign placeholders rendered per recipient.
   */
  @Property({ type: 'json', default: '[]' })
  templates: CampaignTemplateChoice[] & Opt = [];

  /** Ask first; the main message goes to those who reply. */
  @Property({ type: 'boolean', default: false })
  confirmation: boolean & Opt = false;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  scheduledAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp: Ref<Whatsapp> | null = null;

  @ManyToOne(() => ContactList, { ref: true, nullable: true, deleteRule: 'set null' })
  contactList: Ref<ContactList> | null = null;

  /** The audience as the contacts tagged with this tag, instead of a contact list. */
  @ManyToOne(() => Tag, { ref: true, nullable: true, deleteRule: 'set null', fieldName: 'tag_list_id' })
  tagList: Ref<Tag> | null = null;

  @ManyToOne(() => FileList, { ref: true, nullable: true, deleteRule: 'set null' })
  fileList: Ref<FileList> | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;

  /** Why the campaign stopped on its own or is waiting (a code the browser translates); null when none. */
  @Property({ type: 'string', length: 60, nullable: true })
  pauseReason: string | null = null;

  /** When the next contact is due: the pacing survives a restart. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  nextSendAt: Date | null = null;

  /** Contacts walked so far (sent, asked, skipped or failed): drives the longer pause every N. */
  @Property({ type: 'integer', default: 0 })
  walked: number & Opt = 0;
}
