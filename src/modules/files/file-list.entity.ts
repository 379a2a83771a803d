import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, OneToMany, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { FileListOption } from './file-list-option.entity.js';

/** A named set of files with a message: sent from the chat or attached to a campaign. */
@Entity({ tableName: 'file_lists' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'name'] })
export class FileList extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  /** Who created it. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', default: '' })
  message: string & Opt = '';

  @OneToMany(
    () => FileListOption,
    (option) => option.fileList,
    { orphanRemoval: true, orderBy: { id: 'asc' } },
  )
  options = new Collection<FileListOption>(this);
}
