import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { FileList } from './file-list.entity.js';

/** One file of a file list: a display name and the stored file (path under /public/, kind from its type). */
@Entity({ tableName: 'file_list_options' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'fileList'] })
export class FileListOption extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => FileList, { ref: true, deleteRule: 'cascade' })
  fileList!: Ref<FileList>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  /** Storage path `company{id}/{generated name}`; null until its file is uploaded. */
  @Property({ type: 'string', length: 255, nullable: true })
  path: string | null = null;

  /** The stored file's base MIME type. */
  @Property({ type: 'string', length: 120, nullable: true })
  mediaType: string | null = null;

  /** The uploaded file's original name, as metadata only. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaName: string | null = null;
}
