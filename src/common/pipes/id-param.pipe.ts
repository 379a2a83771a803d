import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { fieldError } from '../errors/app-error.js';

/** Row ids are PostgreSQL `serial` (int4) columns. */
export const MAX_ROW_ID = 2_147_483_647;

/** Digits only, no sign, no leading zero, no spaces: at most 10 digits (the range is checked after). */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * A route parameter as a row id: the decimal text of a positive integer in the int4 range, written one way only.
 * Anything else (` 1`, `0x10`, `1e1`, `01`, `-1`, `0`, `1.0`, `99999999999`) is 400 with the parameter named, so a
 * lenient conversion can never turn a malformed id into a real row's.
 */
export function parseRowId(raw: unknown, name: string): number {
  if (typeof raw !== 'string' || !ID_TEXT.test(raw)) throw fieldError(name, 'must be a positive integer id (digits only)');
  const id = Number(raw);
  if (id > MAX_ROW_ID) throw fieldError(name, 'is out of range');
  return id;
}

/**
 * Reads the raw text of the route parameter (a custom parameter, so the global validation pipe does not convert it
 * first: its `+value` would accept ` 1` and `0x10`).
 */
const RowIdParam = createParamDecorator((name: string, context: ExecutionContext): number =>
  parseRowId(context.switchToHttp().getRequest<Request>().params[name], name),
);

/**
 * `@IdParam('id') id: number` (or `@IdParam('ticketId')`): the route parameter as a row id, strictly parsed; also
 * documents it as an integer path parameter.
 */
export function IdParam(name = 'id'): ParameterDecorator {
  return (target, key, index) => {
    RowIdParam(name)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiParam({ name, required: true, schema: { type: 'integer', minimum: 1, maximum: MAX_ROW_ID } })(target, key, descriptor);
  };
}
