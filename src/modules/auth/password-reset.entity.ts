import type { Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { User } from '../users/user.entity.js';

/** A single-use reset token, stored as a hash. Keyed by user; read before any tenant is known. */
@Entity({ tableName: 'password_resets' })
@Index({ properties: ['user'] })
export class PasswordReset extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 128 })
  tokenHash!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt: Date | null = null;
}
