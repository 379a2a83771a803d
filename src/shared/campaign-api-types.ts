// Response shapes of the campaign area (contact lists, file lists, campaigns, their settings and reports), shared by
// the API mappers and the browser. Dates are ISO-8601 strings.
import type { CampaignPauseReason, CampaignSettings, CampaignStatus, CampaignTemplateChoice, ShippingStatus } from './campaigns.js';

export interface ContactListResponse {
  id: number;
  name: string;
  /** Items in the list, and how many of them are valid on WhatsApp. */
  itemCount: number;
  validCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItemResponse {
  id: number;
  contactListId: number;
  name: string;
  number: string;
  email: string | null;
  isWhatsappValid: boolean | null;
  createdAt: string;
  updatedAt: string;
}

export type ContactListImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ContactListImportResponse {
  id: number;
  contactListId: number;
  status: ContactListImportStatus;
  fileName: string;
  total: number;
  processed: number;
  valid: number;
  invalid: number;
  duplicates: number;
  /** Rows whose e-mail is not one (kept without it) and the first 20 of their sheet lines. */
  invalidEmails: number;
  invalidEmailLines: number[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface FileListOptionResponse {
  id: number;
  name: string;
  /** Storage path, served under /public/{path}; null until uploaded. */
  path: string | null;
  mediaType: string | null;
  mediaName: string | null;
}

export interface FileListResponse {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOptionResponse[];
  createdAt: string;
  updatedAt: string;
}

export type CampaignSettingsResponse = CampaignSettings;

export interface CampaignCounts {
  total: number;
  valid: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
  skipped: number;
  pending: number;
  /** Confirmation requests still unanswered (within the confirmation window). */
  awaiting: number;
}

export interface CampaignResponse {
  id: number;
  name: string;
  status: CampaignStatus;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  /** On a WhatsApp Cloud API connection: the approved template each message variant sends. */
  templates: CampaignTemplateChoice[];
  mediaPath: string | null;
  mediaName: string | null;
  pauseReason: CampaignPauseReason | null;
  nextSendAt: string | null;
  /** Names for the table. */
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignShippingResponse {
  id: number;
  /** The record's place in the campaign's walk: the report's keyset (`after`). */
  position: number;
  number: string;
  name: string;
  email: string | null;
  status: ShippingStatus;
  variant: number | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  error: string | null;
  /** The texts this person received: the main message and the confirmation request ('' when none). */
  body: string;
  confirmationBody: string;
}

/** A number on the campaigns' suppression list; `keyword` is what the customer wrote, or MANUAL when added by hand. */
export interface CampaignSuppressionResponse {
  id: number;
  number: string;
  keyword: string;
  createdAt: string;
}

/** GET /campaigns/{id}/audience: who "Enviar agora" reaches (recipients not known invalid nor opted out). */
export interface CampaignAudienceResponse {
  kind: 'contactList' | 'tag' | null;
  name: string | null;
  recipients: number;
}

/** GET /campaigns/{id}/report: the campaign, its counts and a page of shipping records (keyset on position). */
export interface CampaignReportResponse {
  campaign: CampaignResponse;
  counts: CampaignCounts;
  shippings: CampaignShippingResponse[];
  hasMore: boolean;
}

/** `company-{id}-campaign` payloads. */
export type CampaignEventPayload =
  | { action: 'create' | 'update'; record: CampaignResponse }
  | { action: 'delete'; id: number }
  | { action: 'progress'; id: number; status: CampaignStatus; counts: CampaignCounts };

/** `company-{id}-ContactListItem` payloads (campaigns §4: create, update, delete and a reload instruction). */
export type ContactListItemEventPayload =
  | { action: 'create' | 'update'; record: ContactListItemResponse }
  | { action: 'delete'; id: number; contactListId: number }
  | { action: 'reload'; contactListId: number };

/** `company-{id}-contact-list` payloads, with the import progress of a list. */
export type ContactListEventPayload =
  | { action: 'create' | 'update'; record: ContactListResponse }
  | { action: 'delete'; id: number }
  | { action: 'import'; import: ContactListImportResponse };

/** `company-{id}-file` payloads. */
export type FileListEventPayload = { action: 'create' | 'update'; record: FileListResponse } | { action: 'delete'; id: number };
