import type { CampaignResponse } from '../../../../src/shared/campaign-api-types';
import type { CampaignTemplateChoice } from '../../../../src/shared/campaigns';

/** A campaign as GET /campaigns answers it. */
export type Campaign = CampaignResponse;

/** The five variants: message1..5 and confirmationMessage1..5. */
export const VARIANTS = [1, 2, 3, 4, 5] as const;
export type Variant = (typeof VARIANTS)[number];
export type MessageField = `message${Variant}` | `confirmationMessage${Variant}`;

/** Who receives the campaign: a contact list or the contacts of a tag. */
export type Audience = 'contactList' | 'tag';

/** The campaign dialog's fields; the attachment is kept beside the form. */
export type CampaignFormValues = Record<MessageField, string> & {
  name: string;
  confirmation: boolean;
  /** Local `yyyy-MM-ddTHH:mm` (a datetime-local input's value), or empty for none. */
  scheduledAt: string;
  whatsappId: number | null;
  audience: Audience;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  /** On a WhatsApp Cloud API connection: the approved template of each variant. */
  templates: CampaignTemplateChoice[];
};
