import type { TagResponse } from '../../../../src/shared/api-types';

/** A tag as GET /tags answers it. */
export type Tag = TagResponse;

/** The tag dialog's fields. */
export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}
