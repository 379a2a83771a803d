import { Box, Button, Divider } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { type Column, ResourceTable, type ResourceTableProps } from '../../../components/ResourceTable';
import { SubmitButton } from '../../../components/SubmitButton';
import type { SubmitAnswer } from '../../../hooks/useRecordForm';
import { api } from '../../../providers/httpClient';
import { useRecordFailures } from './recordFailures';
import type { RecordList } from '../../../hooks/useRecordList';

export interface RecordManagerProps<T extends { id: number }, V extends object> {
  /** Catalog prefix: `{resource}.title` names the table, `.columns.*` head it, `.empty`, `.saveFailed`. */
  resource: string;
  /** Each row carries `data-{recordName}-id`. */
  recordName: string;
  /** POST path; PUT and DELETE path/{id}. */
  path: string;
  list: RecordList<T>;
  /** The form of a new record. */
  empty: V;
  toFormValues(record: T): V;
  toPayload(values: V): unknown;
  columns: Column<T>[];
  nameOf(record: T): string;
  rowProps?: ResourceTableProps<T>['rowProps'];
  /** The fields, for the record being edited (undefined: a new one). */
  renderInputs(editing: T | undefined): ReactNode;
  /** Buttons of a record being edited, between Excluir and Salvar; rendered inside the form. */
  renderActions?(editing: T): ReactNode;
}

/**
 * A super user's settings tab: a form above a table of every record. A click on a row loads it into the
 * form; Limpar starts a new one; Excluir (after a confirmation) and the extra buttons apply to the loaded one.
 */
export function RecordManager<T extends { id: number }, V extends object>(props: RecordManagerProps<T, V>) {
  const { resource, recordName, path, list, columns, nameOf, rowProps, renderInputs, renderActions } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const failures = useRecordFailures();
  const [editing, setEditing] = useState<T>();
  // A new key gives the form fresh values: a picked row, Limpar, or after a save or a delete.
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  // Computed once per load: a new object would reset the form being filled in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: computed once per load (formKey); new props objects must not reset the form
  const values = useMemo(() => (editing ? props.toFormValues(editing) : props.empty), [editing, formKey]);

  const load = (record: T | undefined) => {
    setEditing(record);
    setFormKey((previous) => previous + 1);
  };

  const submit = async (form: Record<string, unknown>): Promise<SubmitAnswer> => {
    const payload = props.toPayload(form as V);
    try {
      if (editing) await api.put(`${path}/${editing.id}`, payload);
      else await api.post(path, payload);
    } catch (error) {
      return failures.saveFailed(error, `${resource}.saveFailed`);
    }
    notify('common.saved', { type: 'success' });
    load(undefined);
    list.reload();
    return undefined;
  };

  const remove = async (record: T) => {
    try {
      await api.delete(`${path}/${record.id}`);
    } catch (error) {
      failures.deleteFailed(error);
      return;
    }
    notify('common.saved', { type: 'success' });
    load(undefined);
    list.reload();
  };

  return (
    <Box>
      <Form key={formKey} record={values} onSubmit={submit} noValidate>
        <Box component="section" aria-label={translate(`${resource}.formTitle`)} data-editing={editing?.id ?? 'new'}>
          {renderInputs(editing)}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button variant="outlined" onClick={() => load(undefined)}>
              {translate('settings.records.clear')}
            </Button>
            {editing && (
              <>
                <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                  {translate('settings.records.delete')}
                </Button>
                {renderActions?.(editing)}
              </>
            )}
            <SubmitButton label="settings.records.save" fullWidth={false} />
          </Box>
        </Box>
      </Form>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ maxHeight: '60vh', overflow: 'auto' }}>
        <ResourceTable<T>
          resource={resource}
          recordName={recordName}
          columns={columns}
          records={list.records}
          loading={list.loading && list.records.length === 0}
          nameOf={nameOf}
          onRowClick={load}
          selectedId={editing?.id}
          rowProps={rowProps}
        />
      </Box>
      <ConfirmDialog
        open={confirming}
        title={translate('settings.records.deleteTitle')}
        onClose={() => setConfirming(false)}
        onConfirm={() => editing && void remove(editing)}
      >
        {translate('settings.records.deleteMessage', { name: editing ? nameOf(editing) : '' })}
      </ConfirmDialog>
    </Box>
  );
}
