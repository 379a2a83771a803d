import type { Opt, Ref } from '@mikro-orm/core';
import { Entity, Enum, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../infra/database/base.entity.js';
import { DueDayType } from '../../infra/database/due-day.type.js';
import type { ScheduleEntry } from '../../shared/schedules.js';
import { RECURRENCES, type Recurrence } from '../../shared/api-types.js';
import { Plan } from '../plans/plan.entity.js';

export { RECURRENCES, type Recurrence };

/** A tenant. Not tenant-filtered itself: services read only the caller's own company unless super. */
@Entity({ tableName: 'companies' })
export class Company extends BaseEntity {
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  phone: string | null = null;

  @Property({ type: 'boolean', default: true })
  status: boolean & Opt = true;

  /** A day (src/shared/due-date.ts): active through it in `timezone`, expired once it ends there. */
  @Property({ type: DueDayType, nullable: true })
  dueDate: Date | null = null;

  /** Last day of the self-registration trial (signup); null for companies created by a super user. */
  @Property({ type: DueDayType, nullable: true })
  trialExpiration: Date | null = null;

  @Enum({ items: () => RECURRENCES, default: 'MENSAL' })
  recurrence: Recurrence & Opt = 'MENSAL';

  @ManyToOne(() => Plan, { ref: true, nullable: true, deleteRule: 'set null' })
  plan: Ref<Plan> | null = null;

  @Property({ type: 'json', nullable: true })
  schedules: ScheduleEntry[] & Opt = [];

  // Billing data (administration §3): the checkout's 'Dados' step keeps it here; the super user edits it.
  @Property({ type: 'string', length: 200, nullable: true })
  billingName: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  addressZipCode: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  addressStreet: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  addressState: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  addressCity: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  addressDistrict: string | null = null;

  @Property({ type: 'string', length: 64, default: 'America/Sao_Paulo' })
  timezone: string & Opt = 'America/Sao_Paulo';
}
