/** An option of a queue's chatbot menu as GET /queue-options answers it. */
export interface QueueOption {
  id: number;
  title: string;
  message: string;
  /** Its key among its siblings, from 1. */
  option: number;
  queueId: number;
  parentId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

/** An option on screen: a saved one has an id; one just added has only its React key until it is saved. */
export interface OptionItem {
  key: string;
  id?: number;
  title: string;
  message: string;
  option: number;
  mediaPath: string | null;
  mediaName: string | null;
}

/** What the user typed in an option's fields. */
export interface OptionDraft {
  title: string;
  message: string;
}
