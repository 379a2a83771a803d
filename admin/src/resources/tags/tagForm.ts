import { maxLength, minLength, required, type Validator } from 'react-admin';
import type { Tag, TagFormValues } from './types';

/** Name: required, at least 3 characters (administration §5), at most 50 (the API's limit). */
export const tagNameRules: Validator[] = [
  required('validation.requiredField'),
  minLength(3, 'validation.tooShortMessage'),
  maxLength(50, 'validation.tooLong'),
];

/** A new tag starts in the palette's blue. */
export const NEW_TAG: TagFormValues = { name: '', color: '#2196F3', kanban: false };

export const toFormValues = (tag: Tag): TagFormValues => ({ name: tag.name, color: tag.color, kanban: Boolean(tag.kanban) });

/** The POST/PUT /tags body; the kanban flag (0 or 1) only from those allowed 'tag-modal:editKanban'. */
export function toPayload(values: TagFormValues, canEditKanban: boolean) {
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    ...(canEditKanban ? { kanban: values.kanban ? 1 : 0 } : {}),
  };
}
