import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CampaignPauseReason, CampaignStatus } from '../../../../src/shared/campaigns';
import { formatDateTime } from './campaignForm';
import type { Campaign } from './types';

const STATUS_COLORS: Record<CampaignStatus, 'default' | 'info' | 'primary' | 'warning' | 'success'> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'primary',
  CANCELADA: 'warning',
  FINALIZADA: 'success',
};

/** A campaign status in the user's language. */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'INATIVA' ? 'outlined' : 'filled'}
      label={translate(`campaigns.status.${status}`)}
      data-campaign-status={status}
    />
  );
}

/** Why a campaign stopped on its own or waits. */
export function PauseReasonChip({ reason }: { reason: CampaignPauseReason }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<PauseCircleOutline />}
      label={translate(`campaigns.pauseReasons.${reason}`)}
      data-pause-reason={reason}
    />
  );
}

/** The name, with the pause reason when there is one, and on a phone the status (its column is hidden there). */
export function CampaignName() {
  const record = useRecordContext<Campaign>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-campaign-id={record.id}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {record.name}
      </Typography>
      <Box component="span" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
        <CampaignStatusChip status={record.status} />
      </Box>
      {record.pauseReason && <PauseReasonChip reason={record.pauseReason} />}
    </Box>
  );
}

export function CampaignStatusField() {
  const record = useRecordContext<Campaign>();
  return record ? <CampaignStatusChip status={record.status} /> : null;
}

/** A name of the row (contact list, connection), or a dash. */
export function NameOf({ of }: { of: 'contactList' | 'whatsapp' }) {
  const record = useRecordContext<Campaign>();
  const translate = useTranslate();
  if (!record) return null;
  const name = record[of]?.name;
  return name ? (
    <Typography variant="body2">{name}</Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {of === 'contactList' && record.tagListId !== null ? translate('campaigns.byTag') : translate('campaigns.none')}
    </Typography>
  );
}

export function DateTimeOf({ source }: { source: 'scheduledAt' | 'completedAt' }) {
  const record = useRecordContext<Campaign>();
  const translate = useTranslate();
  if (!record) return null;
  const text = formatDateTime(record[source]);
  return text ? (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {translate(source === 'scheduledAt' ? 'campaigns.noSchedule' : 'campaigns.notCompleted')}
    </Typography>
  );
}
