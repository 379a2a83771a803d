import type { ContactListImportResponse, ContactListItemResponse, ContactListResponse } from '../../shared/campaign-api-types.js';
import type { ContactListImport } from './contact-list-import.entity.js';
import type { ContactListItem } from './contact-list-item.entity.js';
import type { ContactList } from './contact-list.entity.js';

/** Declared once in src/shared/campaign-api-types.ts, where the browser reads them too. */
export type { ContactListImportResponse, ContactListItemResponse, ContactListResponse };

/** A list's item counts, from one grouped query. */
export interface ListCounts {
  itemCount: number;
  validCount: number;
}

export const NO_ITEMS: ListCounts = { itemCount: 0, validCount: 0 };

export function toContactListResponse(list: ContactList, counts: ListCounts = NO_ITEMS): ContactListResponse {
  return {
    id: list.id,
    name: list.name,
    itemCount: counts.itemCount,
    validCount: counts.validCount,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

export function toContactListItemResponse(item: ContactListItem): ContactListItemResponse {
  return {
    id: item.id,
    contactListId: item.contactList.id,
    name: item.name,
    number: item.number,
    email: item.email,
    isWhatsappValid: item.isWhatsappValid,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function toContactListImportResponse(row: ContactListImport): ContactListImportResponse {
  return {
    id: row.id,
    contactListId: row.contactList.id,
    status: row.status,
    fileName: row.fileName,
    total: row.total,
    processed: row.processed,
    valid: row.valid,
    invalid: row.invalid,
    duplicates: row.duplicates,
    invalidEmails: row.invalidEmails,
    invalidEmailLines: row.invalidEmailLines,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
