import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CreateBase, EditBase, Form, TextInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { SubmitButton } from '../../components/SubmitButton';
import { SwitchInput } from '../../components/SwitchInput';
import { useAccess } from '../../hooks/useAccess';
import { NEW_TAG, tagNameRules, toFormValues, toPayload } from './tagForm';
import type { Tag, TagFormValues } from './types';

/** Tag submissions wait 400 ms, as the spec's other dialogs (administration §9). */
const SUBMIT_DELAY_MS = 400;
const LIST_PATH = '/tags';

const delayed = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), SUBMIT_DELAY_MS));

/** Name, colour and, for admins and supervisors ('tag-modal:editKanban'), the kanban lane switch. */
function TagFields() {
  const canEditKanban = useAccess()?.can('tag-modal:editKanban') ?? false;
  return (
    <>
      <TextInput source="name" label="tags.form.name" validate={tagNameRules} autoFocus autoComplete="off" />
      <ColorPickerInput source="color" label="tags.form.color" />
      {canEditKanban && <SwitchInput source="kanban" label="tags.form.kanban" helperText="tags.form.kanbanHelp" />}
    </>
  );
}

function TagDialogFrame({ isNew, onClose, children }: { isNew: boolean; onClose(): void; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="tags-dialog-title">
      <DialogTitle id="tags-dialog-title">{translate(`tags.form.${isNew ? 'addTitle' : 'editTitle'}`)}</DialogTitle>
      {children}
    </Dialog>
  );
}

function TagFormBody({ isNew, onClose }: { isNew: boolean; onClose(): void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogContent dividers>
        <TagFields />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <SubmitButton label={`tags.form.${isNew ? 'add' : 'save'}`} fullWidth={false} />
      </DialogActions>
    </>
  );
}

/** The add and edit dialogs of /tags (`/tags/create`, `/tags/{id}`): react-admin's CreateBase/EditBase in a Dialog. */
export function TagDialog({ id }: { id?: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const canEditKanban = useAccess()?.can('tag-modal:editKanban') ?? false;
  const { search } = useLocation();
  // Back to the list as it was (its search and sort travel in the query string).
  const close = () => navigate({ pathname: LIST_PATH, search });
  const saved = () => {
    notify('tags.saved', { type: 'success' });
    close();
  };
  const transform = (values: TagFormValues) => delayed(toPayload(values, canEditKanban));

  if (id === undefined) {
    return (
      <TagDialogFrame isNew onClose={close}>
        <CreateBase resource="tags" redirect={false} transform={transform} mutationOptions={{ onSuccess: saved }}>
          <Form record={NEW_TAG} noValidate>
            <TagFormBody isNew onClose={close} />
          </Form>
        </CreateBase>
      </TagDialogFrame>
    );
  }
  return (
    <TagDialogFrame isNew={false} onClose={close}>
      <EditBase<Tag> resource="tags" id={id} redirect={false} mutationMode="pessimistic" transform={transform} mutationOptions={{ onSuccess: saved }}>
        <TagEditForm onClose={close} />
      </EditBase>
    </TagDialogFrame>
  );
}

/** The edit form starts from the record's form values (the kanban flag travels as 0/1), once the record is loaded. */
function TagEditForm({ onClose }: { onClose(): void }) {
  const record = useRecordContext<Tag>();
  if (!record) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Form record={toFormValues(record)} noValidate>
      <TagFormBody isNew={false} onClose={onClose} />
    </Form>
  );
}
