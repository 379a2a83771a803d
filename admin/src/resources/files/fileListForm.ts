import { maxLength, minLength, required, type Validator } from 'react-admin';
import type { FileList, FileListFormValues, FileListOptionFormValues } from './types';

/** campaigns §5: name at least 3 characters ('nome muito curto'); message required. */
export const nameRules: Validator[] = [required('validation.required'), minLength(3, 'files.form.nameTooShort'), maxLength(100, 'validation.tooLong')];
export const messageRules: Validator[] = [required('validation.requiredField')];
export const optionNameRules: Validator[] = [required('validation.required'), maxLength(255, 'validation.tooLong')];

export const NEW_FILE_LIST: FileListFormValues = { name: '', message: '', options: [] };

export const toFormValues = (record: FileList): FileListFormValues => ({
  name: record.name,
  message: record.message ?? '',
  options: record.options.map((option) => ({
    id: option.id,
    name: option.name,
    current: option.path ? { name: option.mediaName ?? option.name, url: `/public/${option.path}` } : null,
    file: null,
  })),
});

/** The POST/PUT /files body: options named by id stay, the others are new (files go afterwards). */
export const toPayload = (values: FileListFormValues) => ({
  name: values.name.trim(),
  message: values.message ?? '',
  options: (values.options ?? []).map((option) => (option.id ? { id: option.id, name: option.name.trim() } : { name: option.name.trim() })),
});

/**
 * The files chosen in the dialog, matched to the saved list's option ids: kept options by their id, new ones by
 * position (the API creates them in the order sent, so their ids rise in that order).
 */
export function filesToUpload(options: FileListOptionFormValues[], saved: FileList): { optionId: number; file: File }[] {
  const kept = new Set(options.flatMap((option) => (option.id ? [option.id] : [])));
  const created = saved.options.map((option) => option.id).filter((id) => !kept.has(id));
  created.sort((a, b) => a - b);
  let next = 0;
  return options.flatMap((option) => {
    const optionId = option.id ?? created[next++];
    return option.file && optionId !== undefined ? [{ optionId, file: option.file }] : [];
  });
}
