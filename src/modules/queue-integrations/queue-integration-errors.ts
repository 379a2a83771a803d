import { AppError, notFound } from '../../common/errors/app-error.js';
import type { FieldError } from '../../common/errors/validation.js';

export const integrationNotFound = (): AppError => notFound('ERR_NO_INTEGRATION_FOUND');

export const integrationNameTaken = (): AppError =>
  new AppError('ERR_INTEGRATION_NAME_EXISTS', 409, {}, 'An integration with this name already exists');

export const invalidDialogflowJson = (reason: string): AppError => new AppError('ERR_INVALID_DIALOGFLOW_JSON', 400, {}, reason);

export const integrationTestFailed = (reason: string): AppError => new AppError('ERR_INTEGRATION_TEST_FAILED', 400, {}, reason);

/** Same shape as the ValidationPipe's answer, for rules that depend on the integration type. */
export const invalidFields = (fields: FieldError[]): AppError =>
  new AppError('ERR_VALIDATION', 400, { fields }, fields.map((f) => `${f.field}: ${f.messages.join(', ')}`).join('; '));
