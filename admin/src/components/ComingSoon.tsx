import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeader } from './PageHeader';

/** Placeholder for a screen of the route table that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <PageHeader title={title} />
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
          <ConstructionOutlined color="primary" fontSize="large" />
          <Typography color="text.secondary">{translate('app.comingSoon')}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
