import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';
import { fieldError, notFound } from '../../common/errors/app-error.js';
import type { ListParams, ListResult } from '../../common/list-query/list-query.js';
import { type AuditLogResponse, toAuditLogResponse } from './audit-log.mapper.js';
import { type AuditLogFilter, AuditLogsRepository } from './audit-logs.repository.js';

/** Entry ids are bigserial: digits only, at most 18 of them. */
const ENTRY_ID = /^[1-9][0-9]{0,17}$/;

function dateFilter(value: unknown, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw fieldError(`filter.${field}`, 'must be an ISO-8601 date');
  return date;
}

/** A plain date (the browser's date input) as an upper bound means the whole of that day. */
function endOf(value: unknown, date: Date | undefined): Date | undefined {
  if (!date || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return date;
  return new Date(date.getTime() + 24 * 3600 * 1000 - 1);
}

/** Reads the trail: a super user every company's (or the one named), everyone else their own company's. */
@Injectable()
export class AuditLogsService {
  constructor(private readonly logs: AuditLogsRepository) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<AuditLogResponse>> {
    const f = query.filters;
    const requested = f.companyId as number | undefined;
    // An admin naming another company sees nothing of it: the filter narrows, it never widens.
    if (!ctx.super && requested !== undefined && requested !== ctx.companyId) return { records: [], count: 0 };
    const filter: AuditLogFilter = {
      companyId: ctx.super ? (requested ?? null) : ctx.companyId,
      userId: f.userId as number | undefined,
      action: f.action as string | undefined,
      subjectType: f.subjectType as string | undefined,
      subjectId: f.subjectId as string | undefined,
      from: dateFilter(f.createdAtFrom, 'createdAt_gte'),
      to: endOf(f.createdAtTo, dateFilter(f.createdAtTo, 'createdAt_lte')),
    };
    const ascending = Object.values(query.orderBy)[0] === 'ASC';
    const { rows, count } = await this.logs.list(filter, query.offset, query.limit, ascending);
    return { records: rows.map(toAuditLogResponse), count };
  }

  async findOne(ctx: AuthContext, id: string): Promise<AuditLogResponse> {
    if (!ENTRY_ID.test(id)) throw fieldError('id', 'must be a positive integer id (digits only)');
    const row = await this.logs.findOne(ctx.super ? null : ctx.companyId, id);
    if (!row) throw notFound('ERR_NO_AUDIT_LOG_FOUND');
    return toAuditLogResponse(row);
  }
}
