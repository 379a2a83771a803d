import type { CampaignResponse, CampaignShippingResponse } from '../../shared/campaign-api-types.js';
import type { CampaignPauseReason } from '../../shared/campaigns.js';
import type { Campaign } from './campaign.entity.js';
import type { ShippingPageRow } from './campaigns.repository.js';

const iso = (date: Date | string | null): string | null => (date ? new Date(date).toISOString() : null);

/** Expects `contactList` and `whatsapp` loaded when set (the table shows their names). */
export function toCampaignResponse(campaign: Campaign): CampaignResponse {
  const list = campaign.contactList?.getEntity();
  const whatsapp = campaign.whatsapp?.getEntity();
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    message1: campaign.message1,
    message2: campaign.message2,
    message3: campaign.message3,
    message4: campaign.message4,
    message5: campaign.message5,
    confirmationMessage1: campaign.confirmationMessage1,
    confirmationMessage2: campaign.confirmationMessage2,
    confirmationMessage3: campaign.confirmationMessage3,
    confirmationMessage4: campaign.confirmationMessage4,
    confirmationMessage5: campaign.confirmationMessage5,
    confirmation: campaign.confirmation,
    scheduledAt: iso(campaign.scheduledAt),
    completedAt: iso(campaign.completedAt),
    whatsappId: campaign.whatsapp?.id ?? null,
    contactListId: campaign.contactList?.id ?? null,
    tagListId: campaign.tagList?.id ?? null,
    fileListId: campaign.fileList?.id ?? null,
    templates: campaign.templates ?? [],
    mediaPath: campaign.mediaPath,
    mediaName: campaign.mediaName,
    pauseReason: campaign.pauseReason as CampaignPauseReason | null,
    nextSendAt: iso(campaign.nextSendAt),
    contactList: list ? { id: list.id, name: list.name } : null,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}

export function toShippingResponse(row: ShippingPageRow): CampaignShippingResponse {
  return {
    id: row.id,
    position: row.position,
    number: row.number,
    name: row.name,
    email: row.email,
    status: row.status as CampaignShippingResponse['status'],
    variant: row.variant,
    confirmationRequestedAt: iso(row.confirmation_requested_at),
    confirmedAt: iso(row.confirmed_at),
    deliveredAt: iso(row.delivered_at),
    failedAt: iso(row.failed_at),
    error: row.error,
    body: row.body,
    confirmationBody: row.confirmation_body,
  };
}
