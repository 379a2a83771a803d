import { createParamDecorator, type ExecutionContext, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { fieldError } from '../errors/app-error.js';

const MAX_ID = 2_147_483_647;

/** `?companyId=` as a positive integer, or undefined when absent or empty. */
@Injectable()
export class CompanyIdQueryPipe implements PipeTransform<unknown, number | undefined> {
  transform(value: unknown): number | undefined {
    if (value === undefined || value === '') return undefined;
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) {
      throw fieldError('companyId', 'companyId must be a positive integer');
    }
    return id;
  }
}

/** `companyId` inside react-admin's `filter` JSON, as text for the pipe; a malformed filter is the list parser's to refuse. */
function filterCompanyId(filter: unknown): unknown {
  if (typeof filter !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !Object.hasOwn(parsed, 'companyId')) return undefined;
  const value = (parsed as { companyId: unknown }).companyId;
  return typeof value === 'number' ? String(value) : value;
}

/** `?companyId=`, else react-admin's `filter={"companyId":…}` (a list's filter is how react-admin narrows it). */
const rawCompanyId = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => {
  const query = context.switchToHttp().getRequest<Request>().query;
  return query.companyId ?? filterCompanyId(query.filter);
});

/**
 * The validated `companyId` query parameter. A param decorator rather than a query DTO: these list endpoints take
 * other parameters (list dialects, `session`) that a whitelisting DTO would refuse; and a custom decorator keeps the
 * global ValidationPipe from coercing the raw text (`+'1e3'`) before this pipe sees it.
 */
export const CompanyIdQuery = (): ParameterDecorator => rawCompanyId(CompanyIdQueryPipe);

/** Its OpenAPI entry: honoured for super users only. */
export const ApiCompanyIdQuery = (what: string) =>
  ApiQuery({
    name: 'companyId',
    required: false,
    type: Number,
    description: `super users: ${what} of this company; ignored for everyone else (the session's company applies)`,
  });
