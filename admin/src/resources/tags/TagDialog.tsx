import { TextInput } from 'react-admin';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { useAccess } from '../../hooks/useAccess';
import { NEW_TAG, tagNameRules, toFormValues, toPayload } from './tagForm';
import type { Tag, TagFormValues } from './types';

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
      transform={(values) => toPayload(values, canEditKanban)}
      delaySubmit
    >
      <TextInput source="name" label="tags.form.name" validate={tagNameRules} autoFocus autoComplete="off" />
      <ColorPickerInput source="color" label="tags.form.color" />
      {canEditKanban && <SwitchInput source="kanban" label="tags.form.kanban" helperText="tags.form.kanbanHelp" />}
    </ResourceFormDialog>
  );
}
