import type { Tag } from './tag.entity.js';

/** What a ticket carries of each of its tags. */
export interface TagSummary {
  id: number;
  name: string;
  color: string;
}

/** An entry of `GET /tags/list` (kanban lanes, tag filters). */
export interface TagListItem extends TagSummary {
  kanban: 0 | 1;
}

export interface TagResponse extends TagListItem {
  userId: number | null;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

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
