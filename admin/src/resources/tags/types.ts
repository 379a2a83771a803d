/** A tag as GET /tags answers it. */
export interface Tag {
  id: number;
  name: string;
  color: string;
  /** 1: the tag is a lane of the kanban board. */
  kanban: 0 | 1;
  ticketsCount: number;
  userId?: number | null;
}

/** The tag dialog's fields. */
export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}
