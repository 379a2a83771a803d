import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordRowActions } from '../../components/RecordRowActions';
import { RowAction } from '../../components/RowAction';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { Campaign } from './types';

type Command = 'stop' | 'restart';

/**
 * Stop (a running or scheduled campaign) and restart (a cancelled one), each asked first and its refusal shown (campaigns §8);
 * the report; edit and delete.
 */
export function CampaignRowActions() {
  const record = useRecordContext<Campaign>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Command | null>(null);
  if (!record) return null;
  const name = record.name;

  const run = async (command: Command) => {
    try {
      await (command === 'stop' ? methods.cancelCampaign(record.id) : methods.restartCampaign(record.id));
      notify(command === 'stop' ? 'campaigns.stopped' : 'campaigns.restarted', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      {(record.status === 'EM_ANDAMENTO' || record.status === 'PROGRAMADA') && (
        <RowAction label={translate('campaigns.stop', { name })} onClick={() => setAsking('stop')}>
          <StopCircleOutlined fontSize="small" />
        </RowAction>
      )}
      {record.status === 'CANCELADA' && (
        <RowAction label={translate('campaigns.restart', { name })} onClick={() => setAsking('restart')}>
          <PlayCircleOutline fontSize="small" />
        </RowAction>
      )}
      <RowAction label={translate('campaigns.report', { name })} onClick={() => navigate(`/campaign/${record.id}/report`)}>
        <AssessmentOutlined fontSize="small" />
      </RowAction>
      <RecordRowActions catalog="campaigns" name={name} />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? translate(`campaigns.${asking}Title`, { name }) : ''}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && void run(asking)}
      >
        {asking ? translate(`campaigns.${asking}Message`) : ''}
      </ConfirmDialog>
    </Box>
  );
}
