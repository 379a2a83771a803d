import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CampaignCounts } from '../../../../src/shared/campaign-api-types';

const COUNTS: (keyof CampaignCounts)[] = ['total', 'valid', 'delivered', 'confirmationRequested', 'confirmed', 'failed', 'skipped', 'pending', 'awaiting'];

/** The share of the recipients already walked (delivered, failed or skipped), in whole percent. */
export function progressOf(counts: CampaignCounts): number {
  if (!counts.total) return 0;
  const done = counts.delivered + counts.failed + counts.skipped;
  return Math.min(100, Math.round((done / counts.total) * 100));
}

/** The report's counts as tiles. */
export function CampaignCountsGrid({ counts }: { counts: CampaignCounts }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
      {COUNTS.map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }} data-count={key}>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            {translate(`campaigns.reportPage.counts.${key}`)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 500 }} data-count-value={counts[key]}>
            {counts[key]}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
