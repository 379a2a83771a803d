import { appError, AppError, notFound, fieldsError } from '../../common/errors/app-error.js';
import type { FieldError } from '../../common/errors/validation.js';
import { integrationFailureReason } from './integration-failure-reason.js';

export const integrationNotFound = (): AppError => notFound('ERR_NO_INTEGRATION_FOUND');

export const integrationNameTaken = (): AppError => appError('ERR_INTEGRATION_NAME_EXISTS', 'An integration with this name already exists');

export const invalidDialogflowJson = (reason: string): AppError => appError('ERR_INVALID_DIALOGFLOW_JSON', reason);

/** `reason` names the kind of failure for the browser's catalog; `message` keeps the technical text. */
export const integrationTestFailed = (error: unknown): AppError =>
  appError('ERR_INTEGRATION_TEST_FAILED', error instanceof Error ? error.message : String(error), { reason: integrationFailureReason(error) });

/** Same shape as the ValidationPipe's answer, for rules that depend on the integration type. */
export const invalidFields = (fields: FieldError[]): AppError => fieldsError(fields);
