import type { ContactListImportResponse, ContactListItemResponse, ContactListResponse } from '../../../../src/shared/campaign-api-types';

/** A list as GET /contact-lists answers it, with its item and valid counts. */
export type ContactList = ContactListResponse;

/** An item of a list as GET /contact-list-items answers it. */
export type ContactListItem = ContactListItemResponse;

export type ContactListImport = ContactListImportResponse;

export interface ContactListFormValues {
  name: string;
}

export interface ContactListItemFormValues {
  name: string;
  number: string;
  email: string;
}
