import { ApiError, type ApiErrorBody } from '../providers/httpClient';
import { fieldErrors } from '../providers/submissionErrors';

/** The field errors an API failure carries, or undefined when it is not about the form's fields. */
export function validationErrors(error: unknown): Record<string, string> | undefined {
  const fields = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.fields : undefined;
  return fields?.length ? fieldErrors(fields) : undefined;
}
