import type { QuickMessage } from './quick-message.entity.js';
import type { QuickMessageResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { QuickMessageResponse };

export function toQuickMessageResponse(record: QuickMessage): QuickMessageResponse {
  return {
    id: record.id,
    shortcode: record.shortcode,
    message: record.message,
    geral: record.geral,
    status: record.status,
    isMedia: record.mediaPath !== null,
    mediaPath: record.mediaPath,
    mediaUrl: record.mediaPath ? `/public/${record.mediaPath}` : null,
    mediaName: record.mediaName,
    userId: record.user.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
