import { ApiError, type ApiErrorBody } from '../providers/httpClient';

/** Field errors of a 400 ERR_VALIDATION answer, in react-hook-form's shape. */
export function fieldErrors(fields: { field: string; messages: string[] }[]): Record<string, string> {
  return Object.fromEntries(fields.map(({ field, messages }) => [field, messages.join(' ')]));
}

/** The field errors an API failure carries, or undefined when it is not about the form's fields. */
export function validationErrors(error: unknown): Record<string, string> | undefined {
  const fields = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.fields : undefined;
  return fields?.length ? fieldErrors(fields) : undefined;
}
