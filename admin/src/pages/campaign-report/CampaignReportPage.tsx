import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { CampaignCommands } from '../../resources/campaigns/CampaignCommands';
import { CampaignStatusChip, PauseReasonChip } from '../../resources/campaigns/CampaignFields';
import { formatDateTime } from '../../resources/campaigns/campaignForm';
import { CampaignCountsGrid, progressOf } from './CampaignCountsGrid';
import { ShippingTable } from './ShippingTable';
import { useCampaignReport } from './useCampaignReport';

/**
 * /campaign/{id}/report: the campaign's counts, a progress bar and its shipping records (infinite scroll), live
 * while it runs.
 */
export function CampaignReportPage() {
  const translate = useTranslate();
  const campaignId = Number(useParams().campaignId);
  const report = useCampaignReport(campaignId);
  const { campaign, counts } = report;
  const progress = counts ? progressOf(counts) : 0;

  const back = (
    <Button component={Link} to="/campaigns" startIcon={<ArrowBack />}>
      {translate('campaigns.reportPage.back')}
    </Button>
  );

  if (report.error || !Number.isInteger(campaignId)) {
    return (
      <Box>
        <PageHeader title="campaigns.reportPage.title">{back}</PageHeader>
        <Alert severity="error">{translate('campaigns.reportPage.loadFailed')}</Alert>
      </Box>
    );
  }
  if (!campaign || !counts) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 2, minWidth: 0 }} data-campaign-report={campaign.id}>
      <PageHeader title="campaigns.reportPage.titleOf" titleArgs={{ name: campaign.name }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <CampaignCommands campaign={campaign} variant="buttons" onDone={() => void report.reload()} />
          {back}
        </Box>
      </PageHeader>
      {campaign.status === 'EM_ANDAMENTO' && campaign.pauseReason === 'AWAITING_CONFIRMATION' && counts.awaiting > 0 && (
        <Alert severity="info" data-awaiting={counts.awaiting}>
          {translate('campaignTools.awaitingNotice', { smart_count: counts.awaiting })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <CampaignStatusChip status={campaign.status} />
          {campaign.pauseReason && <PauseReasonChip reason={campaign.pauseReason} />}
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {[
              campaign.whatsapp && `${translate('campaigns.columns.whatsapp')}: ${campaign.whatsapp.name}`,
              campaign.contactList && `${translate('campaigns.columns.contactList')}: ${campaign.contactList.name}`,
              campaign.scheduledAt && `${translate('campaigns.columns.scheduledAt')}: ${formatDateTime(campaign.scheduledAt)}`,
              campaign.completedAt && `${translate('campaigns.columns.completedAt')}: ${formatDateTime(campaign.completedAt)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
            aria-label={translate('campaigns.reportPage.progress')}
          />
          <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right', fontWeight: 500 }} data-campaign-progress={progress}>
            {`${progress}%`}
          </Typography>
        </Box>
      </Paper>
      <CampaignCountsGrid counts={counts} />
      <ShippingTable shippings={report.shippings} hasMore={report.hasMore} loadingMore={report.loadingMore} onLoadMore={report.loadMore} />
    </Box>
  );
}
