import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useRecordList } from '../../hooks/useRecordList';
import { HelpCard } from './HelpCard';
import { HelpVideoDialog } from './HelpVideoDialog';
import type { Help } from './types';

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 } as const;

/** /helps: the help videos as a gallery of cards (GET /helps/list); a card opens its video in a dialog. */
export function HelpsPage() {
  const translate = useTranslate();
  const helps = useRecordList<Help>('/helps/list');
  const [playing, setPlaying] = useState<Help>();
  const loading = helps.loading && helps.records.length === 0;
  return (
    <Box>
      <PageHeader title="helpGallery.title" titleArgs={{ count: helps.records.length }} />
      {loading ? (
        <Box sx={grid}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          ))}
        </Box>
      ) : helps.records.length === 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <Typography color="text.secondary">{translate('helpGallery.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
          {helps.records.map((help) => (
            <li key={help.id}>
              <HelpCard help={help} onOpen={() => setPlaying(help)} />
            </li>
          ))}
        </Box>
      )}
      {playing && <HelpVideoDialog help={playing} onClose={() => setPlaying(undefined)} />}
    </Box>
  );
}
