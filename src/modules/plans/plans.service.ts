import { Injectable } from '@nestjs/common';
import { EntityManager, QueryOrder, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { PLAN_FLAGS } from '../../shared/plan-flags.js';
import { type PlanSummary, toPlanSummary } from './plan.mapper.js';
import { Company } from '../companies/company.entity.js';
import type { CreatePlanDto } from './dto/create-plan.dto.js';
import type { UpdatePlanDto } from './dto/update-plan.dto.js';
import { Plan } from './plan.entity.js';
import { type PlanResponse, toPlanResponse } from './plan.mapper.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween, snapshot, type AuditEntry } from '../../infra/audit/audit-entry.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

const AUDITED_FIELDS = ['name', 'users', 'connections', 'queues', 'value', ...PLAN_FLAGS] as const;

const planEntry = (action: string, plan: Plan, before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry | null => {
  const changes = changesBetween(before, after);
  return Object.keys(changes).length || action !== 'plan.update' ? { action, subjectType: 'Plan', subjectId: plan.id, changes } : null;
};

const BY_PRICE = { value: QueryOrder.ASC, name: QueryOrder.ASC, id: QueryOrder.ASC } as const;

/** Plans are global rows (no tenant); only super users write them. */
@Injectable()
export class PlansService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly authContexts: AuthContextCache,
  ) {}

  /** The signup page's plan choice, before anyone is logged in. */
  async publicList(): Promise<PlanSummary[]> {
    return (await this.em.find(Plan, {}, { orderBy: BY_PRICE })).map(toPlanSummary);
  }

  async listAll(_ctx: AuthContext): Promise<PlanResponse[]> {
    return (await this.em.find(Plan, {}, { orderBy: BY_PRICE })).map(toPlanResponse);
  }

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<PlanResponse>> {
    const where: FilterQuery<Plan> = { ...(query.filters as FilterQuery<Plan> & object) };
    if (query.search) Object.assign(where, { name: { $ilike: likePattern(query.search) } });
    const [plans, count] = await this.em.findAndCount(Plan, where, {
      // Plans often share a price; ties read best by name.
      orderBy: [query.orderBy, { name: QueryOrder.ASC, id: QueryOrder.ASC }],
      limit: query.limit,
      offset: query.offset,
    });
    return { records: plans.map(toPlanResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<PlanResponse> {
    return toPlanResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreatePlanDto): Promise<PlanResponse> {
    await this.assertNameFree(dto.name);
    const plan = this.em.create(Plan, { name: dto.name, users: dto.users, connections: dto.connections, queues: dto.queues, value: dto.value });
    this.assignFlags(plan, dto);
    await this.audit.flush(this.em, ctx, () => planEntry('plan.create', plan, {}, snapshot(plan, AUDITED_FIELDS)));
    return toPlanResponse(plan);
  }

  async update(ctx: AuthContext, id: number, dto: UpdatePlanDto): Promise<PlanResponse> {
    const plan = await this.load(id);
    const before = snapshot(plan, AUDITED_FIELDS);
    if (dto.name !== undefined && dto.name !== plan.name) await this.assertNameFree(dto.name, plan.id);
    if (dto.name !== undefined) plan.name = dto.name;
    if (dto.users !== undefined) plan.users = dto.users;
    if (dto.connections !== undefined) plan.connections = dto.connections;
    if (dto.queues !== undefined) plan.queues = dto.queues;
    if (dto.value !== undefined) plan.value = dto.value;
    this.assignFlags(plan, dto);
    await this.audit.flush(this.em, ctx, () => planEntry('plan.update', plan, before, snapshot(plan, AUDITED_FIELDS)));
    // Every company on the plan reads its flags in the context.
    await this.authContexts.invalidate({ all: true });
    return toPlanResponse(plan);
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const plan = await this.load(id);
    // The foreign key would silently leave those companies without a plan.
    if ((await this.em.count(Company, { plan: plan.id })) > 0) {
      throw appError('ERR_PLAN_IN_USE', 'The plan is used by at least one company');
    }
    const before = snapshot(plan, AUDITED_FIELDS);
    await this.audit.flush(this.em, ctx, () => planEntry('plan.delete', plan, before, {}), { remove: [plan] });
  }

  /** A flag left out (or null) keeps its current value, which is true on a new plan. */
  private assignFlags(plan: Plan, dto: UpdatePlanDto): void {
    for (const flag of PLAN_FLAGS) {
      const value = dto[flag];
      if (value !== undefined && value !== null) plan[flag] = value;
    }
  }

  private async load(id: number): Promise<Plan> {
    const plan = await this.em.findOne(Plan, { id });
    if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
    return plan;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const taken = await this.em.count(Plan, exceptId ? { name, id: { $ne: exceptId } } : { name });
    if (taken > 0) throw appError('ERR_PLAN_NAME_EXISTS', 'A plan with this name already exists');
  }
}
