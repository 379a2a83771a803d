import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { Chat } from './chat.entity.js';

/** A member of a chat and how many of its messages they have not read. */
@Entity({ tableName: 'chat_users' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'chat', 'user'] })
@Index({ properties: ['company', 'user'] })
export class ChatUser extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Chat, { ref: true, deleteRule: 'cascade' })
  chat!: Ref<Chat>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'integer', default: 0 })
  unreads: number & Opt = 0;
}
