/** A quick message as GET /quick-messages answers it. */
export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  /** Shared with everyone in the company. */
  geral: boolean;
  /** Active: offered while answering tickets. */
  status: boolean;
  isMedia: boolean;
  mediaUrl: string | null;
  mediaName: string | null;
  userId: number | null;
}

/** The quick-message dialog's fields; the attachment is kept beside the form. */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}
