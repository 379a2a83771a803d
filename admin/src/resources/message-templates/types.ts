import type { MessageTemplateResponse } from '../../../../src/shared/api-types';

export type MessageTemplate = MessageTemplateResponse;

/** Meta's template statuses, in the order the filter offers them. */
export const TEMPLATE_STATUSES = [
  'APPROVED',
  'PENDING',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'DELETED',
  'LIMIT_EXCEEDED',
] as const;

/** A connection as the list names it and the sync offers it. */
export interface TemplateConnection {
  id: number;
  name: string;
  provider: string;
}
