import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Filter, Index, ManyToOne, OneToMany, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { tenantFilter } from '../../infra/database/tenant-filter.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { ChatUser } from './chat-user.entity.js';

/** An internal conversation between staff of one company. */
@Entity({ tableName: 'chats' })
@Filter(tenantFilter)
@Unique({ properties: ['company', 'uuid'] })
@Index({ properties: ['company', 'updatedAt'] })
export class Chat extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Property({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  uuid: string & Opt = crypto.randomUUID();

  @Property({ type: 'string', length: 100 })
  title!: string;

  /** Only the owner edits or deletes the chat. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Property({ type: 'text', nullable: true })
  lastMessage: string | null = null;

  @OneToMany(
    () => ChatUser,
    (member) => member.chat,
    { orphanRemoval: true },
  )
  users = new Collection<ChatUser>(this);
}
