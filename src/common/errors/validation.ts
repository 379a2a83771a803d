import type { ValidationError } from 'class-validator';
import { AppError } from './app-error.js';

export interface FieldError {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** ValidationPipe's exceptionFactory: 400 with the list of offending fields. */
export function validationError(errors: ValidationError[]): AppError {
  const fields = flatten(errors);
  return new AppError('ERR_VALIDATION', 400, { fields }, fields.map((f) => `${f.field}: ${f.messages.join(', ')}`).join('; '));
}
