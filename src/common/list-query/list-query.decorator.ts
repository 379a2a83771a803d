import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type ListAllowlist, type ListQuery as ParsedListQuery, parseListQuery } from './list-query.js';

/**
 * The parsed list query of a list endpoint, in either dialect, with filters and sort checked against the resource's
 * allowlist (`@ListQuery(TAG_LIST) query: ListQuery`). Bad input is a 400 naming the field before the handler runs.
 */
export const ListQuery = createParamDecorator((allow: ListAllowlist, ctx: ExecutionContext) =>
  parseListQuery(ctx.switchToHttp().getRequest<Request>().query as Record<string, unknown>, allow),
);

/** The parsed query the decorator gives the handler (same name: one import serves the decorator and its type). */
export type ListQuery = ParsedListQuery;
