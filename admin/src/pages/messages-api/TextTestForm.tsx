import { Form, regex, required, TextInput, useNotify } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { sendTestMessage } from './sendTestMessage';

const isRequired = [required('validation.required')];
export const numberRules = [required('validation.required'), regex(/^\d{8,20}$/, 'messagesApi.form.numberFormat')];

/** Sends a text message through the external API with the token typed in. */
export function TextTestForm() {
  const notify = useNotify();
  const notifyError = useNotifyError();

  const submit = async (values: Record<string, unknown>) => {
    const { token, number, body } = values as { token: string; number: string; body: string };
    try {
      await sendTestMessage(token, { number: number.trim(), body });
      notify('messagesApi.sent', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Form noValidate onSubmit={submit} defaultValues={{ token: '', number: '', body: '' }} id="messages-api-text-form">
      <TextInput source="token" label="messagesApi.form.token" validate={isRequired} autoComplete="off" />
      <TextInput source="number" label="messagesApi.form.number" validate={numberRules} helperText="messagesApi.form.numberHelp" />
      <TextInput source="body" label="messagesApi.form.body" validate={isRequired} multiline minRows={3} />
      <SubmitButton label="messagesApi.form.send" fullWidth={false} />
    </Form>
  );
}
