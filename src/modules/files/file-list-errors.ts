import { type AppError, fieldError, notFound } from '../../common/errors/app-error.js';

export const fileListNotFound = (): AppError => notFound('ERR_NO_FILE_LIST_FOUND');

export const unknownOption = (id: number): AppError => fieldError('options', `option ${id} is not an option of this list`);

export const filesRequired = (): AppError => fieldError('files', 'at least one file is required');

export const filesDoNotMatchOptions = (files: number, ids: number): AppError =>
  fieldError('optionIds', `${ids} option ids for ${files} files: name one option per file, in order`);

export const uploadOptionUnknown = (id: number): AppError => fieldError('optionIds', `option ${id} is not an option of this list`);

export const duplicateUploadOption = (id: number): AppError => fieldError('optionIds', `option ${id} is named twice`);
