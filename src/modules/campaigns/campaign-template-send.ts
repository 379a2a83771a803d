import type { OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import { cloudErrorCode } from '../../channels/cloud-api/cloud-api-errors.js';
import { AppError } from '../../common/errors/app-error.js';
import type { MessageTemplate } from '../message-templates/message-template.entity.js';
import { headerMediaKind, templateSendOf } from '../message-templates/template-variables.js';

/** A template send for one recipient: what goes to the provider, and the text the customer reads (kept as the body). */
export interface CampaignTemplateSend {
  message: OutgoingTemplateMessage;
  body: string;
}

/**
 * The template message of one recipient from the variant's choice, each value rendered for it by `render`; or the
 * code the recipient fails with (no template any more, not approved, a value empty for this recipient).
 */
export function campaignTemplateSend(
  chosen: { template: MessageTemplate; variables: string[]; headerMediaUrl?: string | null } | null,
  render: (text: string) => string,
): CampaignTemplateSend | { error: string } {
  if (!chosen) return { error: 'ERR_CLOUD_TEMPLATE_REQUIRED' };
  const { template, variables, headerMediaUrl } = chosen;
  if (template.status !== 'APPROVED') return { error: 'ERR_CLOUD_TEMPLATE_NOT_APPROVED' };
  // A file header without its address (a template that gained one since the campaign was saved) cannot go.
  if (headerMediaKind(template.headerFormat) && !headerMediaUrl) return { error: 'ERR_CLOUD_TEMPLATE_HEADER_FILE' };
  try {
    return templateSendOf(template, variables.map(render), headerMediaUrl);
  } catch (error) {
    return { error: error instanceof AppError ? error.code : 'ERR_CLOUD_BAD_PAYLOAD' };
  }
}

/**
 * Whether a failed send may have reached the provider anyway: no usable answer came (a transport failure, a deadline,
 * a server error of Meta's, anything not an AppError). A refusal that names its reason (a Graph error code, a payload
 * refused before the call) sent nothing.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof AppError) || error.code === 'ERR_CLOUD_SEND_FAILED';
}

/** The catalogued code for a failed status's reason (`"131026 Message undeliverable: ..."`, as SendOutcomes stores it). */
export function outcomeErrorCode(reason: string | null): string {
  const graphCode = Number.parseInt(reason ?? '', 10);
  const code = cloudErrorCode(Number.isInteger(graphCode) ? graphCode : null, 200);
  return code === 'ERR_CLOUD_SEND_FAILED' ? 'ERR_CLOUD_UNDELIVERABLE' : code;
}
