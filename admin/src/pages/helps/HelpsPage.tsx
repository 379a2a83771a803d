import { Box, Card, CardContent, CircularProgress, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useInfiniteGetList, useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { HelpCard } from './HelpCard';
import { HelpVideoDialog } from './HelpVideoDialog';
import { NextPageSentinel } from './NextPageSentinel';
import type { Help } from './types';

const PAGE_SIZE = 24;
const BY_TITLE = { field: 'title', order: 'ASC' } as const;
const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 } as const;

/**
 * /helps: the `helps` resource as a gallery of cards, titled with their count, the next page loading as the end
 * comes into view; a card opens its video in a dialog.
 */
export function HelpsPage() {
  const translate = useTranslate();
  const { data, total, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteGetList<Help>('helps', {
    sort: BY_TITLE,
    pagination: { page: 1, perPage: PAGE_SIZE },
  });
  const helps = data?.pages.flatMap((page) => page.data) ?? [];
  const [playing, setPlaying] = useState<Help>();
  return (
    <Box>
      <PageHeader title="helpGallery.title" titleArgs={{ count: total ?? helps.length }} />
      {isPending ? (
        <Box sx={grid}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          ))}
        </Box>
      ) : helps.length === 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <Typography color="text.secondary">{translate('helpGallery.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <>
          <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
            {helps.map((help) => (
              <li key={help.id}>
                <HelpCard help={help} onOpen={() => setPlaying(help)} />
              </li>
            ))}
          </Box>
          {/* A new sentinel per page: one still in view after a page loads reports so again. */}
          {hasNextPage && <NextPageSentinel key={data?.pages.length} onVisible={() => !isFetchingNextPage && void fetchNextPage()} />}
          {isFetchingNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={24} />
            </Box>
          )}
        </>
      )}
      {playing && <HelpVideoDialog help={playing} onClose={() => setPlaying(undefined)} />}
    </Box>
  );
}
