import type { ValidationError } from 'class-validator';
import { type AppError, type FieldError, fieldsError } from './app-error.js';

export type { FieldError };

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** ValidationPipe's exceptionFactory: 400 with the list of offending fields. */
export function validationError(errors: ValidationError[]): AppError {
  return fieldsError(flatten(errors));
}
