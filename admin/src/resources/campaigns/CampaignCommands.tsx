import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { Button, CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { CampaignAudienceResponse } from '../../../../src/shared/campaign-api-types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowAction } from '../../components/RowAction';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { Campaign } from './types';

type Command = 'start' | 'stop' | 'restart';

/** What can be done to the campaign as it is now. */
export function commandsOf(campaign: Pick<Campaign, 'status'>): Command[] {
  if (campaign.status === 'INATIVA') return ['start'];
  if (campaign.status === 'PROGRAMADA') return ['start', 'stop'];
  if (campaign.status === 'EM_ANDAMENTO') return ['stop'];
  if (campaign.status === 'CANCELADA') return ['restart'];
  return [];
}

const ICONS = { start: SendOutlined, stop: StopCircleOutlined, restart: PlayCircleOutline } as const;
const BUTTONS = { start: 'campaignTools.sendNow', stop: 'campaignTools.stopButton', restart: 'campaignTools.restartButton' } as const;
const CONFIRMS = { start: 'campaignTools.sendNow', stop: 'campaignTools.stopConfirm', restart: 'campaignTools.restartConfirm' } as const;

/**
 * "Enviar agora", stop and restart, each asked first with buttons that say what they do; "Enviar agora" names the list
 * and how many recipients it reaches. As icons in the table's rows, as buttons on the report page.
 */
export function CampaignCommands({ campaign, variant, onDone }: { campaign: Campaign; variant: 'icons' | 'buttons'; onDone?(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Command | null>(null);
  const [audience, setAudience] = useState<CampaignAudienceResponse | null>(null);
  const name = campaign.name;

  const ask = async (command: Command) => {
    setAudience(null);
    setAsking(command);
    if (command !== 'start') return;
    try {
      setAudience(await methods.getCampaignAudience(campaign.id));
    } catch (error) {
      setAsking(null);
      notifyError(error);
    }
  };

  const run = async (command: Command) => {
    try {
      const call = { start: methods.startCampaign, stop: methods.cancelCampaign, restart: methods.restartCampaign }[command];
      await call(campaign.id);
      notify({ start: 'campaignTools.started', stop: 'campaigns.stopped', restart: 'campaigns.restarted' }[command], { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    onDone?.();
  };

  const message = () => {
    if (asking !== 'start') return asking ? translate(`campaigns.${asking}Message`) : '';
    if (!audience) return <CircularProgress size={20} aria-label={translate('campaignTools.countingRecipients')} />;
    if (!audience.kind) return translate('campaignTools.noAudience');
    return translate(audience.kind === 'tag' ? 'campaignTools.sendNowTag' : 'campaignTools.sendNowList', {
      smart_count: audience.recipients,
      name,
      list: audience.name,
    });
  };

  return (
    <>
      {commandsOf(campaign).map((command) => {
        const Icon = ICONS[command];
        return variant === 'icons' ? (
          <RowAction
            key={command}
            label={translate(command === 'start' ? 'campaignTools.startRow' : `campaigns.${command}`, { name })}
            onClick={() => void ask(command)}
          >
            <Icon fontSize="small" />
          </RowAction>
        ) : (
          <Button
            key={command}
            variant={command === 'stop' ? 'outlined' : 'contained'}
            color={command === 'stop' ? 'error' : 'primary'}
            startIcon={<Icon />}
            onClick={() => void ask(command)}
          >
            {translate(BUTTONS[command])}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? translate(asking === 'start' ? 'campaignTools.sendNowTitle' : `campaigns.${asking}Title`, { name }) : ''}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && void run(asking)}
        cancelLabel="campaignTools.back"
        confirmLabel={asking ? CONFIRMS[asking] : undefined}
        confirmColor={asking === 'stop' ? 'error' : 'primary'}
      >
        {message()}
      </ConfirmDialog>
    </>
  );
}
