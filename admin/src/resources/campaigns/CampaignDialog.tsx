import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { campaignEditable, campaignMessagesEditable } from '../../../../src/shared/campaigns';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { useAppDataProvider } from '../../providers/dataProvider';
import { attachmentOf, NEW_CAMPAIGN, toFormValues, toMessagesPayload, toPayload } from './campaignForm';
import { CampaignInputs } from './CampaignInputs';
import type { Campaign, CampaignFormValues } from './types';

/** What the user may change in a campaign as it is now (campaigns §4). */
function editabilityOf(campaign: Campaign | undefined) {
  if (!campaign) return { locked: false, messagesLocked: false, notice: undefined };
  const editable = campaignEditable(campaign);
  const messagesEditable = campaignMessagesEditable(campaign);
  return {
    locked: !editable,
    messagesLocked: !messagesEditable,
    notice: editable ? undefined : messagesEditable ? 'campaigns.form.messagesOnly' : 'campaigns.form.readOnly',
  };
}

/**
 * Add (`/campaigns/create`) or edit (`/campaigns/{id}`) a campaign. A campaign that is no longer editable opens
 * read-only, save a cancelled one, whose messages may still change; the attachment goes once the campaign is saved.
 */
export function CampaignDialog({ id }: { id?: number }) {
  const methods = useAppDataProvider();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [attachment, setAttachment] = useState<AttachmentChange>(null);
  // The record EditBase loads (the same cached query): its status, schedule and file.
  const { data: loaded } = useGetOne<Campaign>('campaigns', { id: id ?? 0 }, { enabled: id !== undefined });
  const { locked, messagesLocked, notice } = editabilityOf(loaded);
  const readOnly = locked && messagesLocked;

  const applyAttachment = async (saved: Campaign) => {
    if (attachment && 'file' in attachment) await methods.uploadCampaignMedia(saved.id, attachment.file);
    else if (attachment && 'remove' in attachment && attachmentOf(saved)) await methods.removeCampaignMedia(saved.id);
    else return;
    // The saved row in react-admin's cache predates the file.
    await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  };

  return (
    <ResourceFormDialog<Campaign, CampaignFormValues>
      resource="campaigns"
      listPath="/campaigns"
      id={id}
      empty={NEW_CAMPAIGN}
      toFormValues={toFormValues}
      // A cancelled campaign takes its messages only (the API refuses any other field).
      transform={(values) => (locked ? toMessagesPayload(values) : toPayload(values))}
      delaySubmit
      afterSave={applyAttachment}
      maxWidth="md"
      readOnly={readOnly}
      title={readOnly ? translate('campaigns.form.viewTitle') : undefined}
    >
      <CampaignInputs locked={locked} messagesLocked={messagesLocked} notice={notice} campaign={loaded} />
      {!locked && <AttachmentField label="campaigns.form.attachment" current={attachmentOf(loaded)} change={attachment} onChange={setAttachment} />}
      {locked && attachmentOf(loaded) && (
        <AttachmentField label="campaigns.form.attachment" current={attachmentOf(loaded)} change={null} onChange={() => undefined} readOnly />
      )}
    </ResourceFormDialog>
  );
}
