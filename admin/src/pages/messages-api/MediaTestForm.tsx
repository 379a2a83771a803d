import { Box } from '@mui/material';
import { FileField, FileInput, Form, required, TextInput, useNotify } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { sendTestMessage } from './sendTestMessage';
import { numberRules } from './TextTestForm';

const isRequired = [required('validation.required')];

/** Sends a file through the external API (multipart number, body, medias) with the token typed in. */
export function MediaTestForm() {
  const notify = useNotify();
  const notifyError = useNotifyError();

  const submit = async (values: Record<string, unknown>) => {
    const { token, number, medias } = values as { token: string; number: string; medias?: { rawFile: File } };
    const file = medias?.rawFile;
    if (!file) return { medias: 'validation.required' };
    const data = new FormData();
    data.append('number', number.trim());
    data.append('body', file.name);
    data.append('medias', file);
    try {
      await sendTestMessage(token, data);
      notify('messagesApi.sent', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Form noValidate onSubmit={submit} defaultValues={{ token: '', number: '' }} id="messages-api-media-form">
      <TextInput source="token" label="messagesApi.form.token" validate={isRequired} autoComplete="off" />
      <TextInput source="number" label="messagesApi.form.number" validate={numberRules} helperText="messagesApi.form.numberHelp" />
      <FileInput source="medias" label="messagesApi.form.media" validate={isRequired} multiple={false}>
        <FileField source="src" title="title" />
      </FileInput>
      <Box sx={{ mt: 1 }}>
        <SubmitButton label="messagesApi.form.send" fullWidth={false} />
      </Box>
    </Form>
  );
}
