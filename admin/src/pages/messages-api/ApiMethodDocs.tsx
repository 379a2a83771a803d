import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CodeBlock } from './CodeBlock';
import { sendEndpoint } from './sendTestMessage';

/** How to call the endpoint for one kind of message: endpoint, method, headers and body. */
export function ApiMethodDocs({ kind }: { kind: 'text' | 'media' }) {
  const translate = useTranslate();
  const endpoint = sendEndpoint();
  const token = translate('messagesApi.docs.tokenPlaceholder');
  const number = '5511999999999';
  const contentType = kind === 'text' ? 'application/json' : 'multipart/form-data';
  const body =
    kind === 'text'
      ? JSON.stringify({ number, body: translate('messagesApi.docs.exampleBody') }, null, 2)
      : [`number: ${number}`, `body: ${translate('messagesApi.docs.exampleCaption')}`, `medias: ${translate('messagesApi.docs.exampleFile')}`].join('\n');
  const curl =
    kind === 'text'
      ? `curl -X POST "${endpoint}" \\\n  -H "Authorization: Bearer ${token}" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify({ number, body: translate('messagesApi.docs.exampleBody') })}'`
      : `curl -X POST "${endpoint}" \\\n  -H "Authorization: Bearer ${token}" \\\n  -F "number=${number}" \\\n  -F "body=${translate('messagesApi.docs.exampleCaption')}" \\\n  -F "medias=@${translate('messagesApi.docs.exampleFile')}"`;
  const label = (key: string) => (
    <Typography variant="subtitle2" sx={{ mt: 1 }} gutterBottom>
      {translate(`messagesApi.docs.${key}`)}
    </Typography>
  );

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`messagesApi.${kind}.description`)}
      </Typography>
      {label('endpoint')}
      <CodeBlock>{`POST ${endpoint}`}</CodeBlock>
      {label('headers')}
      <CodeBlock>{`Authorization: Bearer ${token}\nContent-Type: ${contentType}`}</CodeBlock>
      {label(kind === 'text' ? 'body' : 'formData')}
      <CodeBlock>{body}</CodeBlock>
      {label('example')}
      <CodeBlock>{curl}</CodeBlock>
      {label('answer')}
      <CodeBlock>{JSON.stringify({ message: 'Mensagem enviada com sucesso', ticketId: 1, messageId: 1 }, null, 2)}</CodeBlock>
    </>
  );
}
