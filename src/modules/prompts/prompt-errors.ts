import { AppError, notFound } from '../../common/errors/app-error.js';

export const promptNotFound = (): AppError => notFound('ERR_NO_PROMPT_FOUND');

export const promptNameTaken = (): AppError => new AppError('ERR_PROMPT_NAME_EXISTS', 409, {}, 'A prompt with this name already exists');

/** Campaigns §5: the form's own wording, kept as the message. */
export const promptQueueRequired = (): AppError => new AppError('ERR_PROMPT_QUEUE_REQUIRED', 400, {}, 'Informe o setor');

export const queueNotFound = (): AppError => notFound('ERR_NO_QUEUE_FOUND');
