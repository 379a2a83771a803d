import Add from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ArrayInput, RemoveItemButton, SimpleFormIterator, TextInput, useSimpleFormIterator, useTranslate } from 'react-admin';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { useAppDataProvider } from '../../providers/dataProvider';
import { filesToUpload, messageRules, NEW_FILE_LIST, nameRules, optionNameRules, toFormValues, toPayload } from './fileListForm';
import { OptionFileInput } from './OptionFileInput';
import type { FileList, FileListFormValues, FileListOptionFormValues } from './types';

/**
 * Add (`/files/create`) or edit (`/files/{id}`) a file list: name, message and options, each with a file. The list is
 * saved first; the chosen files go after, matched to the saved options (POST /files/uploadList/{id}).
 */
export function FileListDialog({ id }: { id?: number }) {
  const translate = useTranslate();
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  // The options as the form had them when it was sent: their chosen files, uploaded once the ids are known.
  const sent = useRef<FileListOptionFormValues[]>([]);

  const uploadFiles = async (saved: FileList) => {
    const uploads = filesToUpload(sent.current, saved);
    if (!uploads.length) return;
    await methods.uploadFileListFiles(saved.id, uploads);
    // The saved row in react-admin's cache predates the files.
    await queryClient.invalidateQueries({ queryKey: ['files'] });
  };

  return (
    <ResourceFormDialog<FileList, FileListFormValues>
      resource="files"
      listPath="/files"
      id={id}
      empty={NEW_FILE_LIST}
      toFormValues={toFormValues}
      transform={(values) => {
        sent.current = values.options ?? [];
        return toPayload(values);
      }}
      delaySubmit
      afterSave={uploadFiles}
      maxWidth="md"
    >
      <TextInput source="name" label="files.form.name" validate={nameRules} autoFocus autoComplete="off" />
      <TextInput source="message" label="files.form.message" validate={messageRules} multiline minRows={3} maxRows={10} />
      <Typography id="file-list-options" variant="subtitle1" sx={{ mt: 1, fontWeight: 500 }}>
        {translate('files.form.options')}
      </Typography>
      <ArrayInput source="options" label={false} aria-labelledby="file-list-options">
        <SimpleFormIterator
          fullWidth
          // The remove button stays visible (react-admin shows it on hover only, out of the keyboard's reach).
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          disableReordering
          disableClear
          addButton={<AddOptionButton />}
          removeButton={<RemoveItemButton label="files.form.removeOption" />}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%' }} data-file-list-option>
            <TextInput source="name" label="files.form.optionName" validate={optionNameRules} />
            <OptionFileInput />
          </Box>
        </SimpleFormIterator>
      </ArrayInput>
    </ResourceFormDialog>
  );
}

/** The iterator's add button, spelled out: a new option without a file. */
function AddOptionButton() {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  return (
    <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => add({ name: '', current: null, file: null })}>
      {translate('files.form.addOption')}
    </Button>
  );
}
