import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const NUMBER_PARTS = ['country', 'area', 'number'] as const;

/** What has to be done before calling the API, and the number format. */
export function ApiInstructions() {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('messagesApi.instructions.title')}
        </Typography>
        <Typography variant="subtitle2" gutterBottom>
          {translate('messagesApi.instructions.comments')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
          <li>{translate('messagesApi.instructions.token')}</li>
          <li>{translate('messagesApi.instructions.once')}</li>
          <li>{translate('messagesApi.instructions.connected')}</li>
          <li>
            {translate('messagesApi.instructions.number')}
            <Box component="ul" sx={{ pl: 3, mt: 0.5 }}>
              {NUMBER_PARTS.map((part) => (
                <li key={part}>{translate(`messagesApi.instructions.numberParts.${part}`)}</li>
              ))}
            </Box>
            {translate('messagesApi.instructions.numberExample')}
          </li>
        </Box>
      </CardContent>
    </Card>
  );
}
