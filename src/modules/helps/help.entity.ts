import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';

/** Help videos are global: published by super users for every company. */
@Entity({ tableName: 'helps' })
export class Help extends BaseEntity {
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  video: string | null = null;
}
