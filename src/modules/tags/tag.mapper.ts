import type { Tag } from './tag.entity.js';
import type { TagSummary, TagListItem, TagResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { TagSummary, TagListItem, TagResponse };

/** The spec's tag carries kanban as 0 or 1. */
const kanbanFlag = (tag: Tag): 0 | 1 => (tag.kanban ? 1 : 0);

export const toTagSummary = (tag: Tag): TagSummary => ({ id: tag.id, name: tag.name, color: tag.color });

export const toTagListItem = (tag: Tag): TagListItem => ({ ...toTagSummary(tag), kanban: kanbanFlag(tag) });

export function toTagResponse(tag: Tag, ticketsCount: number): TagResponse {
  return {
    ...toTagListItem(tag),
    userId: tag.user?.id ?? null,
    ticketsCount,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
  };
}
