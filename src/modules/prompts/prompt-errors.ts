import { appError, AppError, notFound } from '../../common/errors/app-error.js';

export const promptNotFound = (): AppError => notFound('ERR_NO_PROMPT_FOUND');

export const promptNameTaken = (): AppError => appError('ERR_PROMPT_NAME_EXISTS', 'A prompt with this name already exists');

/** Campaigns §5: the form's own wording, kept as the message. */
export const promptQueueRequired = (): AppError => appError('ERR_PROMPT_QUEUE_REQUIRED', 'Informe o setor');

export const queueNotFound = (): AppError => notFound('ERR_NO_QUEUE_FOUND');
