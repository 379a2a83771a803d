import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { nullAcceptingFields } from '../dto/nullable.js';
import { AppError, fieldError, fieldsError } from '../errors/app-error.js';

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

/** Named as the validation pipe names fields (`variables.0.key`), so the browser puts the message under the same input. */
function nullsError(paths: string[]): AppError {
  const fields = paths.map((path) => path.replace(/\[(\d+)\]/g, '.$1')).sort();
  return fieldsError(fields.map((field) => ({ field, messages: [`${field.split('.').pop()} must not be null; leave it out instead`] })));
}

/**
 * Runs after validation: an @IsInt() field past a database integer and a date outside years 1 to 9999 get 400 with
 * the field named (class-validator accepts 1e20 as an integer, and JavaScript dates reach year 275760). So does a null
 * in a field that is not `@Nullable()` (common/dto/nullable.ts): `@IsOptional()` lets null through unvalidated, and
 * only fields where null means "clear it" may hand it to a service. Every null field of the input is named at once.
 */
@Injectable()
export class InputRangePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const root = metadata.type === 'body' ? '' : (metadata.data ?? '');
    const pending: Array<[unknown, string, boolean]> = [[value, root, false]];
    const nulls: string[] = [];
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
        const dto = current.constructor && current.constructor !== Object ? (current.constructor as DtoClass) : undefined;
        const ints = dto ? intFieldsOf(dto) : new Set<string>();
        const takesNull = dto ? nullAcceptingFields(dto) : undefined;
        for (const [key, item] of Object.entries(current)) {
          const field = path ? `${path}.${key}` : key;
          if (item === null && takesNull && !takesNull.has(key)) nulls.push(field);
          pending.push([item, field, ints.has(key)]);
        }
      }
    }
    if (nulls.length) throw nullsError(nulls);
    return value;
  }
}
