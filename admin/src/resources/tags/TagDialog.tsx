import { TextInput, useNotify, useTranslate } from 'react-admin';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { FormDialog } from '../../components/FormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { useAccess } from '../../hooks/useAccess';
import { type SubmitAnswer, useRecordForm } from '../../hooks/useRecordForm';
import { ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { NEW_TAG, tagNameRules, toFormValues, toPayload } from './tagForm';
import type { Tag, TagFormValues } from './types';

/** Tag submissions wait 400 ms, as the spec's other dialogs (administration §9). */
const SUBMIT_DELAY_MS = 400;

interface TagDialogProps {
  /** The row to edit; without it the dialog adds a tag. */
  tag?: Tag;
  onClose(): void;
  onSaved?(tag: Tag): void;
}

/** Add or edit a tag (POST/PUT /tags): name, colour and, for admins and supervisors, the kanban lane switch. */
export function TagDialog({ tag, onClose, onSaved }: TagDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const canEditKanban = useAccess()?.can('tag-modal:editKanban') ?? false;

  const refused = (error: unknown): SubmitAnswer => {
    const code = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.error : undefined;
    if (code !== 'ERR_TAG_NAME_EXISTS') return undefined;
    notify('errors.ERR_TAG_NAME_EXISTS', { type: 'error' });
    return { name: translate('errors.ERR_TAG_NAME_EXISTS') };
  };

  const form = useRecordForm<Tag, TagFormValues>({
    path: '/tags',
    record: tag,
    empty: NEW_TAG,
    toFormValues,
    toPayload: (values) => toPayload(values, canEditKanban),
    savedMessage: 'tags.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    onSaved,
    onClose,
  });

  return (
    <FormDialog resource="tags" isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose} noValidate>
      <TextInput source="name" label="tags.form.name" validate={tagNameRules} autoFocus autoComplete="off" />
      <ColorPickerInput source="color" label="tags.form.color" />
      {canEditKanban && <SwitchInput source="kanban" label="tags.form.kanban" helperText="tags.form.kanbanHelp" />}
    </FormDialog>
  );
}
