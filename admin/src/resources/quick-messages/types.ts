import type { QuickMessageResponse } from '../../../../src/shared/api-types';

/** A quick message as GET /quick-messages answers it. */
export type QuickMessage = QuickMessageResponse;

/** The quick-message dialog's fields; the attachment is kept beside the form. */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}
