import { Injectable } from '@nestjs/common';
import { ref } from '@mikro-orm/core';
import { EntityManager, QueryOrder, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { DomainEvents } from '../../infra/events/domain-events.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { type PlanSummary, toPlanSummary } from '../plans/plan.mapper.js';
import { Plan } from '../plans/plan.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { campaignsOn } from '../../shared/campaigns.js';
import { CAMPAIGNS_SETTING } from './campaigns-setting.js';
import { type CompanyResponse, toCompanyResponse } from './company.mapper.js';
import { Company } from './company.entity.js';
import { createCompanyWithDefaults } from './create-company.js';
import type { CreateCompanyDto } from './dto/create-company.dto.js';
import type { UpdateCompanyDto } from './dto/update-company.dto.js';
import type { UpdateSchedulesDto } from './dto/update-schedules.dto.js';
import { toWeekSchedule } from './week-schedule.js';
import { assignBillingFields } from './billing-fields.js';
import { companyInactiveReason } from '../../authorization/auth-context.loader.js';
import { dueDay } from '../../shared/due-date.js';
import { COMPANY_BILLING_FIELDS } from '../../shared/api-types.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween, snapshot, type AuditEntry } from '../../infra/audit/audit-entry.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

const AUDITED_FIELDS = ['name', 'email', 'phone', 'status', 'dueDate', 'recurrence', 'plan', 'schedules', 'timezone', ...COMPANY_BILLING_FIELDS] as const;

const companyEntry = (action: string, company: Company, changes: AuditEntry['changes']): AuditEntry => ({
  action,
  subjectType: 'Company',
  subjectId: company.id,
  companyId: company.id,
  changes,
});

/**
 * Tenants. Super users reach every company (the routes that allow it are super-only); everyone else only
 * their own, and another company's id answers 404 so ids cannot be probed.
 */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly domainEvents: DomainEvents,
    private readonly audit: AuditTrail,
    private readonly authContexts: AuthContextCache,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<CompanyResponse>> {
    const where: FilterQuery<Company> = { ...(query.filters as FilterQuery<Company> & object) };
    if (query.search) {
      const pattern = likePattern(query.search);
      Object.assign(where, { $or: [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }] });
    }
    const [companies, count] = await this.em.findAndCount(Company, where, {
      populate: ['plan'],
      orderBy: [query.orderBy, { id: QueryOrder.ASC }],
      limit: query.limit,
      offset: query.offset,
    });
    return { records: await this.toResponses(ctx, companies), count };
  }

  async listAll(ctx: AuthContext): Promise<CompanyResponse[]> {
    const companies = await this.em.find(Company, {}, { populate: ['plan'], orderBy: { name: QueryOrder.ASC, id: QueryOrder.ASC } });
    return this.toResponses(ctx, companies);
  }

  async findOne(ctx: AuthContext, id: number): Promise<CompanyResponse> {
    return this.toResponse(ctx, await this.loadVisible(ctx, id));
  }

  async planOf(ctx: AuthContext, companyId: number): Promise<PlanSummary> {
    const plan = (await this.loadVisible(ctx, companyId)).plan?.getEntity();
    if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
    return toPlanSummary(plan);
  }

  async create(ctx: AuthContext, dto: CreateCompanyDto): Promise<CompanyResponse> {
    const company = createCompanyWithDefaults(this.em, {
      name: dto.name,
      email: dto.email,
      phone: dto.phone ?? null,
      plan: await this.loadPlan(dto.planId),
      status: dto.status ?? true,
      dueDate: dto.dueDate ? dueDay(dto.dueDate) : null,
      recurrence: dto.recurrence ?? 'MENSAL',
      campaignsEnabled: String(dto.campaignsEnabled ?? 'enabled'),
    });
    assignBillingFields(company, dto);
    await this.audit.flush(this.em, ctx, () =>
      companyEntry('company.create', company, {
        ...changesBetween({}, snapshot(company, AUDITED_FIELDS)),
        campaignsEnabled: { to: String(dto.campaignsEnabled ?? 'enabled') },
      }),
    );
    if (company.dueDate) await this.domainEvents.publish('company.due-date', { companyId: company.id });
    return this.toResponse(ctx, company);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateCompanyDto): Promise<CompanyResponse> {
    const company = await this.loadVisible(ctx, id);
    const before = snapshot(company, AUDITED_FIELDS);
    const campaignsBefore = dto.campaignsEnabled != null ? await this.campaignsSetting(company) : undefined;
    if (dto.name !== undefined) company.name = dto.name;
    if (dto.email !== undefined) company.email = dto.email;
    if (dto.phone !== undefined) company.phone = dto.phone;
    if (dto.planId !== undefined) company.plan = ref(await this.loadPlan(dto.planId));
    if (dto.status != null) company.status = dto.status;
    if (dto.dueDate !== undefined) company.dueDate = dto.dueDate === null ? null : dueDay(dto.dueDate);
    if (dto.recurrence != null) company.recurrence = dto.recurrence;
    if (dto.campaignsEnabled != null) await this.setCampaigns(company, String(dto.campaignsEnabled));
    assignBillingFields(company, dto);
    await this.audit.flush(this.em, ctx, () => {
      const changes = changesBetween(before, snapshot(company, AUDITED_FIELDS));
      const campaigns = dto.campaignsEnabled != null ? String(dto.campaignsEnabled) : undefined;
      if (campaigns !== undefined && campaigns !== campaignsBefore) changes.campaignsEnabled = { from: campaignsBefore ?? null, to: campaigns };
      return Object.keys(changes).length ? companyEntry('company.update', company, changes) : null;
    });
    await this.authContexts.invalidate({ companyId: company.id });
    // A due date set near or in the past gets its invoice now (the plan or recurrence may price it).
    if (company.dueDate && (dto.dueDate !== undefined || dto.planId !== undefined || dto.status != null)) {
      await this.domainEvents.publish('company.due-date', { companyId: company.id });
    }
    // Requests check the company every time; open sockets are dropped so they reconnect, and are refused.
    if (companyInactiveReason(company)) this.realtime.disconnectCompany(company.id);
    return this.toResponse(ctx, company);
  }

  async updateSchedules(ctx: AuthContext, id: number, dto: UpdateSchedulesDto): Promise<CompanyResponse> {
    const company = await this.loadVisible(ctx, id);
    const before = snapshot(company, ['schedules']);
    company.schedules = toWeekSchedule(dto.schedules);
    await this.audit.flush(this.em, ctx, () => {
      const changes = changesBetween(before, snapshot(company, ['schedules']));
      return Object.keys(changes).length ? companyEntry('company.update', company, changes) : null;
    });
    return this.toResponse(ctx, company);
  }

  /** Users, settings and queues of the company go with it (foreign keys cascade). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    if (id === ctx.companyId) throw appError('ERR_CANNOT_DELETE_OWN_COMPANY', 'Super users cannot delete their own company');
    const company = await this.loadVisible(ctx, id);
    const before = snapshot(company, AUDITED_FIELDS);
    // The entry stays in the deleted company's trail (no foreign key), which super users read.
    await this.audit.flush(this.em, ctx, () => companyEntry('company.delete', company, changesBetween(before, {})), { remove: [company] });
    await this.authContexts.invalidate({ companyId: id });
  }

  private async loadVisible(ctx: AuthContext, id: number): Promise<Company> {
    const company = ctx.super || id === ctx.companyId ? await this.em.findOne(Company, { id }, { populate: ['plan'] }) : null;
    if (!company) throw notFound('ERR_NO_COMPANY_FOUND');
    return company;
  }

  private async loadPlan(id: number): Promise<Plan> {
    const plan = await this.em.findOne(Plan, { id });
    if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
    return plan;
  }

  private async campaignsSetting(company: Company): Promise<string | undefined> {
    return (await this.em.findOne(Setting, { company: company.id, key: CAMPAIGNS_SETTING }, ACROSS_TENANTS))?.value;
  }

  /** Settings are tenant rows: a super user editing another company reaches them explicitly across tenants. */
  private async setCampaigns(company: Company, value: string): Promise<void> {
    const setting = await this.em.findOne(Setting, { company: company.id, key: CAMPAIGNS_SETTING }, ACROSS_TENANTS);
    if (setting) setting.value = value;
    else this.em.create(Setting, { company, key: CAMPAIGNS_SETTING, value });
  }

  private async toResponse(ctx: AuthContext, company: Company): Promise<CompanyResponse> {
    const [response] = await this.toResponses(ctx, [company]);
    return response!;
  }

  /** One settings query for the whole page, however many companies it holds. */
  private async toResponses(ctx: AuthContext, companies: Company[]): Promise<CompanyResponse[]> {
    if (!companies.length) return [];
    const settings = await this.em.find(Setting, { company: { $in: companies.map((c) => c.id) }, key: CAMPAIGNS_SETTING }, ctx.super ? ACROSS_TENANTS : {});
    const values = new Map(settings.map((s) => [s.company.id, s.value]));
    return companies.map((company) => toCompanyResponse(company, campaignsOn(values.get(company.id))));
  }
}
