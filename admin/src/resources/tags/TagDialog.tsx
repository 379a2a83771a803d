import { TextInput } from 'react-admin';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { useAccess } from '../../hooks/useAccess';
import { NEW_TAG, tagNameRules, toFormValues, toPayload } from './tagForm';
import type { Tag, TagFormValues } from './types';

/** Tag submissions wait 400 ms, as the spec's other dialogs (administration §9). */
const SUBMIT_DELAY_MS = 400;

const delayed = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), SUBMIT_DELAY_MS));

/** Add (`/tags/create`) or edit (`/tags/{id}`) a tag: name, colour and, for 'tag-modal:editKanban', the kanban lane switch. */
export function TagDialog({ id }: { id?: number }) {
  const canEditKanban = useAccess()?.can('tag-modal:editKanban') ?? false;
  return (
    <ResourceFormDialog<Tag, TagFormValues>
      resource="tags"
      listPath="/tags"
      id={id}
      empty={NEW_TAG}
      toFormValues={toFormValues}
      transform={(values) => delayed(toPayload(values, canEditKanban))}
    >
      <TextInput source="name" label="tags.form.name" validate={tagNameRules} autoFocus autoComplete="off" />
      <ColorPickerInput source="color" label="tags.form.color" />
      {canEditKanban && <SwitchInput source="kanban" label="tags.form.kanban" helperText="tags.form.kanbanHelp" />}
    </ResourceFormDialog>
  );
}
