import type { Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { Chat } from './chat.entity.js';

@Entity({ tableName: 'chat_messages' })
@Filter(tenantFilter)
@Index({ properties: ['company', 'chat', 'createdAt'] })
export class ChatMessage extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @ManyToOne(() => Chat, { ref: true, deleteRule: 'cascade' })
  chat!: Ref<Chat>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  sender!: Ref<User>;

  @Property({ type: 'text' })
  message!: string;
}
