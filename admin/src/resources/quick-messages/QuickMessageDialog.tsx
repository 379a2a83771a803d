import { Box } from '@mui/material';
import { useState } from 'react';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { FormDialog } from '../../components/FormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { uploadFile } from '../../components/upload';
import { type SubmitAnswer, useRecordForm } from '../../hooks/useRecordForm';
import { TemplateVariablesHint } from '../../components/TemplateVariablesHint';
import { api, ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { attachmentOf, isQuickMessage, NEW_QUICK_MESSAGE, shortcodeRules, toFormValues, toPayload } from './quickMessageForm';
import type { QuickMessage, QuickMessageFormValues } from './types';

/** Submissions wait 400 ms (campaigns §9). */
const SUBMIT_DELAY_MS = 400;
const SHORTCODE_TAKEN = 'ERR_QUICK_MESSAGE_SHORTCODE_EXISTS';

interface QuickMessageDialogProps {
  /** The row to edit; without it the dialog adds a quick message. */
  record?: QuickMessage;
  onClose(): void;
  onSaved?(record: QuickMessage): void;
}

/**
 * Add or edit a quick message (POST/PUT /quick-messages): shortcode, message, general and active flags, and an
 * attachment uploaded (or removed) once the message is saved.
 */
export function QuickMessageDialog({ record, onClose, onSaved }: QuickMessageDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [attachment, setAttachment] = useState<AttachmentChange>(null);

  const refused = (error: unknown): SubmitAnswer => {
    const code = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.error : undefined;
    if (code !== SHORTCODE_TAKEN) return undefined;
    notify(`errors.${SHORTCODE_TAKEN}`, { type: 'error' });
    return { shortcode: translate(`errors.${SHORTCODE_TAKEN}`) };
  };

  /** Uploads or removes the attachment, then answers the message as it now is. */
  const applyAttachment = async (saved: QuickMessage): Promise<QuickMessage> => {
    const mediaPath = `/quick-messages/${saved.id}/media-upload`;
    if (attachment && 'file' in attachment) {
      const answer = await uploadFile(mediaPath, attachment.file);
      return isQuickMessage(answer) ? answer : { ...saved, isMedia: true, mediaName: attachment.file.name };
    }
    if (attachment && 'remove' in attachment && attachmentOf(saved)) {
      const answer = await api.delete(mediaPath);
      return isQuickMessage(answer) ? answer : { ...saved, isMedia: false, mediaName: null, mediaUrl: null };
    }
    return saved;
  };

  const form = useRecordForm<QuickMessage, QuickMessageFormValues>({
    path: '/quick-messages',
    record,
    empty: NEW_QUICK_MESSAGE,
    toFormValues,
    toPayload,
    savedMessage: 'quickMessages.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    afterSave: applyAttachment,
    onSaved,
    onClose,
  });

  return (
    <FormDialog resource="quickMessages" isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose} scrolling noValidate>
      <TextInput source="shortcode" label="quickMessages.form.shortcode" validate={shortcodeRules} autoFocus autoComplete="off" />
      <TextInput source="message" label="quickMessages.form.message" multiline minRows={5} maxRows={14} />
      <TemplateVariablesHint />
      <AttachmentField label="quickMessages.form.attachment" current={attachmentOf(form.loaded)} change={attachment} onChange={setAttachment} />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <SwitchInput source="geral" label="quickMessages.form.geral" helperText="quickMessages.form.geralHelp" />
        <SwitchInput source="status" label="quickMessages.form.status" helperText="quickMessages.form.statusHelp" />
      </Box>
    </FormDialog>
  );
}
