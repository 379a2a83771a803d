import type { QueueOptionResponse } from '../../../../../src/shared/api-types';

/** An option of a queue's chatbot menu as GET /queue-options answers it. */
export type QueueOption = QueueOptionResponse;

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
