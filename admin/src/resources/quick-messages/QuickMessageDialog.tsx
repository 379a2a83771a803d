import { useAppDataProvider } from '../../providers/dataProvider';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput, useCanAccess, useGetOne } from 'react-admin';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { VariablePicker } from '../../components/VariablePicker';
import { attachmentOf, NEW_QUICK_MESSAGE, shortcodeRules, toFormValues, toPayload } from './quickMessageForm';
import type { QuickMessage, QuickMessageFormValues } from './types';

/**
 * Add (`/quick-messages/create`) or edit (`/quick-messages/{id}`) a quick message: shortcode, message, general and
 * active flags, and an attachment uploaded (or removed) once the message is saved.
 */
export function QuickMessageDialog({ id }: { id?: number }) {
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const [attachment, setAttachment] = useState<AttachmentChange>(null);
  // The record EditBase loads (the same cached query): its current file.
  const { data: loaded } = useGetOne<QuickMessage>('quick-messages', { id: id ?? 0 }, { enabled: id !== undefined });
  // Someone else's shared message opened by its address: an attendant may read it, not change it.
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'quick-messages', record: loaded, enabled: Boolean(loaded) });
  const readOnly = id !== undefined && Boolean(loaded) && canEdit === false;

  /** The file goes once the message exists: uploaded or removed after the save. */
  const applyAttachment = async (saved: QuickMessage) => {
    if (attachment && 'file' in attachment) await methods.uploadQuickMessageMedia(saved.id, attachment.file);
    else if (attachment && 'remove' in attachment && attachmentOf(saved)) await methods.removeQuickMessageMedia(saved.id);
    else return;
    // The saved row in react-admin's cache predates the file.
    await queryClient.invalidateQueries({ queryKey: ['quick-messages'] });
  };

  return (
    <ResourceFormDialog<QuickMessage, QuickMessageFormValues>
      resource="quick-messages"
      catalog="quickMessages"
      listPath="/quick-messages"
      id={id}
      empty={NEW_QUICK_MESSAGE}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      afterSave={applyAttachment}
      readOnly={readOnly}
    >
      <TextInput source="shortcode" label="quickMessages.form.shortcode" validate={shortcodeRules} autoFocus autoComplete="off" readOnly={readOnly} />
      <TextInput source="message" label="quickMessages.form.message" multiline minRows={5} maxRows={14} readOnly={readOnly} />
      <VariablePicker field="message" disabled={readOnly} />
      <AttachmentField label="quickMessages.form.attachment" current={attachmentOf(loaded)} change={attachment} onChange={setAttachment} readOnly={readOnly} />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <SwitchInput source="geral" label="quickMessages.form.geral" helperText="quickMessages.form.geralHelp" disabled={readOnly} />
        <SwitchInput source="status" label="quickMessages.form.status" helperText="quickMessages.form.statusHelp" disabled={readOnly} />
      </Box>
    </ResourceFormDialog>
  );
}
