import { Injectable, type PipeTransform, Query } from '@nestjs/common';
import { type ListAllowlist, type ListParams, parseListQuery } from './list-query.js';

/** Parses a list endpoint's query string in either dialect against the resource's allowlist. */
@Injectable()
export class ListQueryPipe implements PipeTransform<Record<string, unknown>, ListParams> {
  constructor(private readonly allow: ListAllowlist) {}

  transform(query: Record<string, unknown>): ListParams {
    return parseListQuery(query, this.allow);
  }
}

/**
 * The parsed list query of a list endpoint (`@ListQuery(TAG_LIST) query: ListParams`): the whole query string, first
 * through the global pipes every query meets (shape: NUL, prototype keys, depth), then parsed with filters and sort
 * checked against the allowlist. Bad input is a 400 naming the field before the handler runs.
 */
export const ListQuery = (allow: ListAllowlist): ParameterDecorator => Query(new ListQueryPipe(allow));
