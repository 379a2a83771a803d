import type { QuickMessage } from './quick-message.entity.js';

export interface QuickMessageResponse {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  isMedia: boolean;
  mediaPath: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  userId: number;
  createdAt: string;
  updatedAt: string;
}

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
