import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { AppError, fieldError } from '../errors/app-error.js';

const INT4_MAX = 2_147_483_647;
/** Dates are stored and compared as four-digit years; anything else is a typo or a probe. */
const MIN_TIME = Date.UTC(1, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const refuse = (field: string, message: string): AppError => fieldError(field, message);

type DtoClass = abstract new (...args: never[]) => unknown;

const intFields = new Map<DtoClass, Set<string>>();

/** The properties a DTO class declares with @IsInt(): they are stored in integer columns. */
function intFieldsOf(type: DtoClass): Set<string> {
  let fields = intFields.get(type);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    fields = new Set(rules.filter((rule) => rule.name === 'isInt').map((rule) => rule.propertyName));
    intFields.set(type, fields);
  }
  return fields;
}

/**
 * Runs after validation: an @IsInt() field past a database integer and a date outside years 1 to 9999 get 400 with
 * the field named (class-validator accepts 1e20 as an integer, and JavaScript dates reach year 275760).
 */
@Injectable()
export class InputRangePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const root = metadata.type === 'body' ? '' : (metadata.data ?? '');
    const pending: Array<[unknown, string, boolean]> = [[value, root, false]];
    while (pending.length) {
      const [current, path, isInt] = pending.pop()!;
      if (typeof current === 'number') {
        if (isInt && Math.abs(current) > INT4_MAX) throw refuse(path, 'is out of range');
      } else if (current instanceof Date) {
        const time = current.getTime();
        if (Number.isNaN(time) || time < MIN_TIME || time > MAX_TIME) throw refuse(path, 'is not a valid date');
      } else if (Array.isArray(current)) {
        for (const [index, item] of current.entries()) pending.push([item, `${path}[${index}]`, isInt]);
      } else if (current !== null && typeof current === 'object') {
        const ints = current.constructor && current.constructor !== Object ? intFieldsOf(current.constructor as DtoClass) : new Set<string>();
        for (const [key, item] of Object.entries(current)) pending.push([item, path ? `${path}.${key}` : key, ints.has(key)]);
      }
    }
    return value;
  }
}
