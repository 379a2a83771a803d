import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiMethodDocs } from './ApiMethodDocs';
import { MediaTestForm } from './MediaTestForm';
import { TextTestForm } from './TextTestForm';

/** One sending method: its documentation beside a form that tries it. */
export function ApiMethodCard({ kind, index }: { kind: 'text' | 'media'; index: number }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`messages-api-${kind}`}>
      <CardContent>
        <Typography id={`messages-api-${kind}`} variant="h6" component="h2" gutterBottom>
          {`${index}. ${translate(`messagesApi.${kind}.title`)}`}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3 }}>
          <Box sx={{ minWidth: 0 }}>
            <ApiMethodDocs kind={kind} />
          </Box>
          <Box>
            <Divider sx={{ display: { lg: 'none' }, mb: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
              {translate('messagesApi.test.title')}
            </Typography>
            {kind === 'text' ? <TextTestForm /> : <MediaTestForm />}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
