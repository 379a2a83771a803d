import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { AppError, fieldError } from '../errors/app-error.js';

/** Deeper than any of our payloads; past it a body is refused before anything walks it recursively. */
export const MAX_DEPTH = 16;
/** Keys that would reach an object's prototype if any code copied them. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const INT4_MAX = 2_147_483_647;
/** Route parameters that name a row (`:id`, `:ticketId`...) are integer keys. */
const ID_PARAM = /^(id|[a-zA-Z]+Id)$/;

const CARRIES_PROVIDER_TEXT = Symbol('carriesProviderText');

/**
 * Marks a body class that stands for WhatsApp traffic (the simulator's fake phone): a customer's text may carry NUL
 * and is stored without it by the inbound pipeline, so NUL is not refused there. Keys and depth still are.
 */
export const CarriesProviderText = (): ClassDecorator => (target) => Reflect.defineMetadata(CARRIES_PROVIDER_TEXT, true, target);

const refuse = (field: string, message: string): AppError => fieldError(field, message);

const pathOf = (parent: string, key: string | number): string => (typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key);

/**
 * Runs before validation on every body, query and route parameter: text with NUL (PostgreSQL cannot store it),
 * prototype keys, nesting past MAX_DEPTH and integer route parameters past a database integer all get 400 with the
 * field named, instead of reaching the ORM or the driver.
 */
@Injectable()
export class InputShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const root = metadata.type === 'body' ? '' : (metadata.data ?? '');
    if (metadata.type === 'param' && ID_PARAM.test(root) && typeof value === 'string' && /^-?\d+$/.test(value) && Math.abs(Number(value)) > INT4_MAX) {
      throw refuse(root, 'is out of range');
    }
    const keepsNul = metadata.metatype !== undefined && Reflect.getMetadata(CARRIES_PROVIDER_TEXT, metadata.metatype) === true;
    this.walk(value, root, 0, keepsNul);
    return value;
  }

  /** Iterative on purpose: a hostile body must not be able to exhaust the stack. */
  private walk(value: unknown, root: string, depth: number, keepsNul: boolean): void {
    const pending: Array<[unknown, string, number]> = [[value, root, depth]];
    while (pending.length) {
      const [current, path, level] = pending.pop()!;
      if (typeof current === 'string') {
        if (!keepsNul && current.includes('\u0000')) throw refuse(path || 'body', 'must not contain NUL characters');
        continue;
      }
      if (current === null || typeof current !== 'object') continue;
      if (level >= MAX_DEPTH) throw refuse(path || 'body', `is nested deeper than ${MAX_DEPTH} levels`);
      if (Array.isArray(current)) {
        for (const [index, item] of current.entries()) pending.push([item, pathOf(path, index), level + 1]);
        continue;
      }
      for (const key of Object.keys(current)) {
        const field = pathOf(path, key);
        if (UNSAFE_KEYS.has(key)) throw refuse(field, 'is not an accepted field');
        if (!keepsNul && key.includes('\u0000')) throw refuse(path || 'body', 'field names must not contain NUL characters');
        pending.push([(current as Record<string, unknown>)[key], field, level + 1]);
      }
    }
  }
}
