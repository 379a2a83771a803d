import { Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, DeleteWithConfirmButton, EditBase, Form, type RaRecord, useNotify, useRecordContext, useSaveContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { useFailures } from './failures';

/** The spec's forms submit after 400 ms (administration §9). */
const SUBMIT_DELAY_MS = 400;

const delayed = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), SUBMIT_DELAY_MS));

export interface InlineResourceFormProps<T extends RaRecord, V extends object> {
  /** The react-admin resource; also the catalog prefix of `formTitle` and `saveFailed`. */
  resource: string;
  /** The record loaded into the form (its row was clicked); without it the form adds one. */
  id?: T['id'];
  /** A new record's form values. */
  empty: V;
  /** A loaded record's form values. */
  toFormValues(record: T): V;
  /** The POST/PUT body from the form values. */
  toPayload(values: V): object;
  /** The record's name in the delete confirmation. */
  nameOf(record: T): string;
  /** Back to a new record: Limpar, and after a save or a delete. */
  onDone(): void;
  /** Buttons for the loaded record, between Excluir and Salvar (inside its form). */
  actions?(record: T): ReactNode;
  /** The fields. */
  children: ReactNode;
}

/**
 * The spec's super-user form above a list: `CreateBase` for a new record, `EditBase` (pessimistic) for the one
 * picked in the list, with Limpar, Excluir (react-admin's confirmation), the screen's own buttons and Salvar.
 */
export function InlineResourceForm<T extends RaRecord, V extends object>(props: InlineResourceFormProps<T, V>) {
  const { resource, id, empty, toPayload, onDone, children } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const mutationOptions = {
    onSuccess: () => {
      notify('common.saved', { type: 'success' });
      onDone();
    },
  };
  const transform = (values: V) => delayed(toPayload(values));
  return (
    <Box component="section" aria-label={translate(`${resource}.formTitle`)} data-editing={id ?? 'new'}>
      {id === undefined ? (
        <CreateBase resource={resource} redirect={false} transform={transform} mutationOptions={mutationOptions}>
          <SavingForm resource={resource} values={empty}>
            {children}
            <FormButtons onClear={onDone} />
          </SavingForm>
        </CreateBase>
      ) : (
        <EditBase
          resource={resource}
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={mutationOptions}
          // A record gone meanwhile: back to a new one, instead of react-admin's redirect to a list route.
          queryOptions={{
            onError: () => {
              notify('ra.notification.item_doesnt_exist', { type: 'error' });
              onDone();
            },
          }}
        >
          <EditForm<T, V> {...props} />
        </EditBase>
      )}
    </Box>
  );
}

/** The loaded record's form, with Excluir and the screen's buttons for it. */
function EditForm<T extends RaRecord, V extends object>({ resource, toFormValues, nameOf, onDone, actions, children }: InlineResourceFormProps<T, V>) {
  const record = useRecordContext<T>();
  const notify = useNotify();
  const failures = useFailures();
  if (!record) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <SavingForm resource={resource} values={toFormValues(record)}>
      {children}
      <FormButtons onClear={onDone}>
        {/* The form's record context holds form values: the button gets the record itself. */}
        <DeleteWithConfirmButton
          record={record}
          label="settings.records.delete"
          variant="outlined"
          size="medium"
          confirmTitle="settings.records.deleteTitle"
          confirmContent="settings.records.deleteMessage"
          contentTranslateOptions={{ name: nameOf(record) }}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{
            onSuccess: () => {
              notify('common.saved', { type: 'success' });
              onDone();
            },
            onError: failures.deleteFailed,
          }}
        />
        {actions?.(record)}
      </FormButtons>
    </SavingForm>
  );
}

/**
 * A Form that saves through the Create/Edit controller and answers a refusal the spec's way: the API's field
 * errors on the fields, else a toast with the code's text or the screen's save-failure text.
 */
function SavingForm({ resource, values, children }: { resource: string; values: object; children: ReactNode }) {
  const { save } = useSaveContext();
  const failures = useFailures();
  const submit = async (form: FieldValues) => {
    let refused: Record<string, string> | undefined;
    await save?.(form, {
      onError: (error: unknown) => {
        refused = failures.saveFailed(error, `${resource}.saveFailed`);
      },
    });
    return refused;
  };
  return (
    <Form record={values} onSubmit={submit} noValidate>
      {children}
    </Form>
  );
}

function FormButtons({ onClear, children }: { onClear(): void; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button variant="outlined" onClick={onClear}>
        {translate('settings.records.clear')}
      </Button>
      {children}
      <SubmitButton label="settings.records.save" fullWidth={false} />
    </Box>
  );
}
