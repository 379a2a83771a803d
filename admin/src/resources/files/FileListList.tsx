import { Chip, Typography } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { CampaignsUsing } from '../campaigns/CampaignsUsing';
import { RecordRowActions } from '../../components/RecordRowActions';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { FileListDialog } from './FileListDialog';
import type { FileList } from './types';

function FileListName() {
  const record = useRecordContext<FileList>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 500 }} data-file-list-id={record.id}>
      {record.name}
    </Typography>
  );
}

/** How many options the list has, and how many of them have their file. */
function FileListOptionsCount() {
  const record = useRecordContext<FileList>();
  const translate = useTranslate();
  if (!record) return null;
  const withFile = record.options.filter((option) => option.path).length;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate('files.optionsCount', { smart_count: record.options.length, files: withFile })}
      title={record.options.map((option) => option.name).join(', ')}
    />
  );
}

function FileListActions() {
  const record = useRecordContext<FileList>();
  return record ? (
    <RecordRowActions catalog="files" name={record.name} deleteContent={<CampaignsUsing field="fileListId" id={record.id} message="files.deleteMessage" />} />
  ) : null;
}

/**
 * /files: the company's file lists (campaigns §2), searched with debounce and live through the `file` topic, with the
 * add and edit dialogs on /files/create and /files/{id}.
 */
export function FileListList() {
  useLiveResource('files', 'file');
  const { creating, editId } = useDialogRoute('/files');
  return (
    <>
      <SearchableResourceList resource="files" catalog="files" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<FileList> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="files.empty" />}>
          <DataTable.Col source="name" label="files.columns.name" render={() => <FileListName />} />
          <DataTable.Col label="files.columns.options" disableSort render={() => <FileListOptionsCount />} />
          <DataTable.Col label="files.columns.actions" align="right" render={() => <FileListActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <FileListDialog />}
      {editId !== undefined && <FileListDialog id={editId} />}
    </>
  );
}
