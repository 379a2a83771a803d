import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RecordRowActions } from '../../components/RecordRowActions';
import { RowAction } from '../../components/RowAction';
import { CampaignCommands } from './CampaignCommands';
import type { Campaign } from './types';

/**
 * "Enviar agora" (an inactive or scheduled campaign), stop (running or scheduled) and restart (cancelled), each asked
 * first and its refusal shown (campaigns §8); the report; edit and delete.
 */
export function CampaignRowActions() {
  const record = useRecordContext<Campaign>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!record) return null;
  const name = record.name;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      <CampaignCommands campaign={record} variant="icons" />
      <RowAction label={translate('campaigns.report', { name })} onClick={() => navigate(`/campaign/${record.id}/report`)}>
        <AssessmentOutlined fontSize="small" />
      </RowAction>
      <RecordRowActions catalog="campaigns" name={name} />
    </Box>
  );
}
