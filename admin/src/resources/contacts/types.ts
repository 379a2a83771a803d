import type { ContactResponse } from '../../../../src/shared/api-types';

export interface ContactExtraInfo {
  id?: number;
  name: string;
  value: string;
}

/** A contact as the API answers it. */
export type Contact = ContactResponse;

/** The contact dialog's fields. */
export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: ContactExtraInfo[];
  /** The connection the contact came from, shown read-only when editing (null: none); never sent. */
  origin?: string | null;
}

/** The body of a refused save: 409 duplicate or 400 not on WhatsApp. */
export interface ContactSaveError {
  error?: string;
  alreadyExists?: boolean;
  existingContact?: { id: number; name: string; number: string };
  invalido?: boolean;
}
