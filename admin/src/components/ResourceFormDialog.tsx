import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { CreateBase, EditBase, Form, type RaRecord, useNotify, useRecordContext, useSaveContext, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNotifyError } from '../hooks/useNotifyError';
import { ReportFormDirty, useDiscardGuard } from './DiscardChangesGuard';
import { SCROLLING_FORM } from './dialogForm';
import { SubmitButton } from './SubmitButton';

const SUBMIT_DELAY_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Field errors (field → message) a refused save maps to; undefined leaves it to the error toast. */
type Refusals = (error: unknown) => Record<string, string> | undefined;

interface ResourceFormDialogProps<T extends RaRecord, V extends object> {
  /** The react-admin resource, also the catalog prefix of `form.addTitle`/`editTitle`/`add`/`save` and `saved`. */
  resource: string;
  /** The catalog prefix when it is not the resource's name (`quickMessages` for `quick-messages`). */
  catalog?: string;
  /** The list the dialog sits on; closing goes back to it, with its query string. */
  listPath?: string;
  /** Closing when the dialog is not a route of a list (a dialog opened from a menu or another page). */
  onClose?(): void;
  /** Runs after a save with the saved record, before the dialog closes. */
  onSaved?(record: T): void;
  /** A title (already translated) other than the resource's add/edit title. */
  title?: string;
  /** The record to edit; without it the dialog adds one. */
  id?: T['id'];
  /** A new record's form values. */
  empty: V;
  /** A loaded record's form values. */
  toFormValues(record: T): V;
  /** The request body from the form values. */
  transform(values: V): object | Promise<object>;
  /** The spec's dialogs that wait 400 ms before they send (administration §9, campaigns §9). */
  delaySubmit?: boolean;
  /**
   * Maps a refused save to field errors in the screen's own words (e.g. naming the contact that has the number);
   * without it the API's field errors and field-bound codes show under their fields (submissionErrors).
   */
  refusals?: Refusals;
  /** The fields. */
  children: ReactNode;
  /** The dialog's width; 'sm' unless told. */
  maxWidth?: 'sm' | 'md';
  /** Shown inside the form above the fields, outside their scrolling area (e.g. tabs). */
  header?: ReactNode;
  /** Catalog key of the toast after an edit, where the screen words it apart from `{resource}.saved`. */
  updatedMessage?: string;
  /**
   * Runs once the record is saved (e.g. an upload that needs its id), before the toast and the close. When it fails
   * the record is saved all the same: the dialog closes and the failure is the toast.
   */
  afterSave?(record: T): Promise<unknown>;
  /** A record the user may only look at: the actions are a close button. */
  readOnly?: boolean;
}

/**
 * The spec's add/edit modal as react-admin composes it: `CreateBase`/`EditBase` (the dataProvider's create/update,
 * pessimistic) around a `Form`, inside an MUI `Dialog`; routed (`{list}/create`, `{list}/{id}`), so closing is a
 * navigation back to the list, unless `onClose` says otherwise.
 */
export function ResourceFormDialog<T extends RaRecord, V extends object>(props: ResourceFormDialogProps<T, V>) {
  const { resource, catalog = resource, listPath, id, empty, refusals, children, afterSave } = props;
  const transform = (values: V) => (props.delaySubmit ? pause(SUBMIT_DELAY_MS).then(() => props.transform(values)) : props.transform(values));
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { search } = useLocation();
  const isNew = id === undefined;
  const close = () => (props.onClose ? props.onClose() : navigate({ pathname: listPath, search }));
  // Escape or a backdrop click on a changed form asks before its changes are lost.
  const guard = useDiscardGuard(close);
  const finish = async (record: T) => {
    try {
      await afterSave?.(record);
    } catch (error) {
      props.onSaved?.(record);
      close();
      notifyError(error);
      return;
    }
    notify(!isNew && props.updatedMessage ? props.updatedMessage : `${catalog}.saved`, { type: 'success' });
    props.onSaved?.(record);
    close();
  };
  const mutationOptions = {
    onSuccess: (record: T) => void finish(record),
  };
  const body = (
    <FormBody catalog={catalog} isNew={isNew} onClose={close} onDirty={guard.setDirty} header={props.header} fields={children} readOnly={props.readOnly} />
  );
  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth={props.maxWidth ?? 'sm'} sx={SCROLLING_FORM} aria-labelledby={`${resource}-dialog-title`}>
        <DialogTitle id={`${resource}-dialog-title`}>{props.title ?? translate(`${catalog}.form.${isNew ? 'addTitle' : 'editTitle'}`)}</DialogTitle>
        {isNew ? (
          <CreateBase resource={resource} redirect={false} transform={transform} mutationOptions={mutationOptions}>
            <DialogForm record={empty} refusals={refusals}>
              {body}
            </DialogForm>
          </CreateBase>
        ) : (
          <EditBase resource={resource} id={id} redirect={false} mutationMode="pessimistic" transform={transform} mutationOptions={mutationOptions}>
            <EditForm<T, V> toFormValues={props.toFormValues} refusals={refusals}>
              {body}
            </EditForm>
          </EditBase>
        )}
      </Dialog>
      {guard.confirmation}
    </>
  );
}

/** An edit form: it starts from the loaded record's form values, with a spinner until the record is there. */
export function EditForm<T extends RaRecord, V extends object>({
  toFormValues,
  refusals,
  children,
}: {
  toFormValues(record: T): V;
  refusals?: Refusals;
  children: ReactNode;
}) {
  const record = useRecordContext<T>();
  // A new values object would reset the form: only a change of the record (a live update) does.
  const values = useMemo(() => record && toFormValues(record), [record, toFormValues]);
  if (!values) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <DialogForm record={values} refusals={refusals}>
      {children}
    </DialogForm>
  );
}

/**
 * The form, saving through the create/edit controller; with `refusals`, a refused save becomes the screen's field
 * errors and anything else the error toast.
 */
function DialogForm({ record, refusals, children }: { record: object; refusals?: Refusals; children: ReactNode }) {
  const { save } = useSaveContext();
  const notifyError = useNotifyError();
  const onSubmit =
    refusals && save
      ? async (values: object) => {
          let errors: Record<string, string> | undefined;
          await save(values, {
            onError: (error: unknown) => {
              errors = refusals(error);
              if (!errors) notifyError(error);
            },
          });
          return errors;
        }
      : undefined;
  return (
    <Form record={record} onSubmit={onSubmit} noValidate>
      {children}
    </Form>
  );
}

interface FormBodyProps {
  catalog: string;
  isNew: boolean;
  onClose(): void;
  onDirty(dirty: boolean): void;
  header: ReactNode;
  fields: ReactNode;
  readOnly?: boolean;
}

function FormBody({ catalog, isNew, onClose, onDirty, header, fields, readOnly }: FormBodyProps) {
  const translate = useTranslate();
  return (
    <>
      <ReportFormDirty onChange={onDirty} />
      {header}
      <DialogContent dividers>{fields}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {readOnly ? (
          <Button variant="contained" onClick={onClose}>
            {translate('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={`${catalog}.form.${isNew ? 'add' : 'save'}`} fullWidth={false} />
          </>
        )}
      </DialogActions>
    </>
  );
}
