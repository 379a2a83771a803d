import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery, QueryOrder } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import type { InvoiceResponse, IssueInvoiceResponse, SubscriptionSummaryResponse } from '../../shared/billing-api-types.js';
import { toCompanyBilling } from '../companies/billing-fields.js';
import { Company } from '../companies/company.entity.js';
import { InvoiceGenerator } from './invoice-generator.js';
import { Invoice } from './invoice.entity.js';
import { toInvoiceResponse } from './invoice.mapper.js';
import { daysLeft, dueDayIso } from '../../shared/due-date.js';

const LATEST_INVOICES = 5;

/** The company's own invoices (the tenant filter scopes every query to the caller's company). */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly em: EntityManager,
    private readonly generator: InvoiceGenerator,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<InvoiceResponse>> {
    const where: FilterQuery<Invoice> = { ...(query.filters as FilterQuery<Invoice> & object) };
    if (query.search) {
      const id = /^\d{1,9}$/.test(query.search) ? Number(query.search) : null;
      const byDetail = { detail: { $ilike: likePattern(query.search) } };
      Object.assign(where, id === null ? byDetail : { $or: [byDetail, { id }] });
    }
    const [invoices, count] = await this.em.findAndCount(Invoice, where, {
      orderBy: [query.orderBy, { id: QueryOrder.DESC }],
      limit: query.limit,
      offset: query.offset,
    });
    return { records: invoices.map(toInvoiceResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<InvoiceResponse> {
    return toInvoiceResponse(await this.load(id));
  }

  /** An invoice of the caller's company, or 404 (also for another company's id). */
  async load(id: number): Promise<Invoice> {
    const invoice = await this.em.findOne(Invoice, { id });
    if (!invoice) throw notFound('ERR_NO_INVOICE_FOUND');
    return invoice;
  }

  /**
   * The invoice of the company's current due date, issued now if the due date is within the horizon (or past) and the
   * daily run has not issued it yet (the renew page asks when it finds nothing to pay). Null when nothing is due yet.
   */
  async issueCurrent(ctx: AuthContext): Promise<IssueInvoiceResponse> {
    const issued = await this.generator.issueFor(ctx.companyId);
    const company = await this.em.findOneOrFail(Company, { id: ctx.companyId });
    const invoice = company.dueDate ? await this.em.findOne(Invoice, { dueDate: company.dueDate }) : null;
    return { issued, invoice: invoice && toInvoiceResponse(invoice) };
  }

  async summary(ctx: AuthContext, now = new Date()): Promise<SubscriptionSummaryResponse> {
    const company = await this.em.findOneOrFail(Company, { id: ctx.companyId }, { populate: ['plan'] });
    const invoices = await this.em.find(Invoice, {}, { orderBy: { dueDate: QueryOrder.DESC, id: QueryOrder.DESC }, limit: LATEST_INVOICES });
    const plan = company.plan?.getEntity() ?? null;
    const trial = company.trialExpiration;
    return {
      company: {
        id: company.id,
        name: company.name,
        email: company.email,
        dueDate: dueDayIso(company.dueDate),
        recurrence: company.recurrence,
        trialExpiration: dueDayIso(trial),
        trialDaysRemaining: trial ? Math.max(0, daysLeft(trial, company.timezone, now)) : null,
        billing: toCompanyBilling(company),
      },
      plan: plan && { id: plan.id, name: plan.name, value: Number(plan.value), users: plan.users, connections: plan.connections, queues: plan.queues },
      invoices: invoices.map(toInvoiceResponse),
    };
  }
}
