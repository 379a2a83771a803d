import type { ContactListImportResponse } from '../../../src/shared/campaign-api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** A list's spreadsheet import: the upload (POST /contact-lists/{id}/upload) and its last import, for the progress bar. */
export function contactListMethods(httpClient: Client) {
  return {
    /** Sends the spreadsheet; answers the queued import (202). */
    async uploadContactListFile(listId: number, file: File): Promise<{ data: ContactListImportResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<ContactListImportResponse>(`${API_URL}/contact-lists/${listId}/upload`, { method: 'POST', body })).json };
    },
    async latestContactListImport(listId: number): Promise<{ data: ContactListImportResponse | null }> {
      const { json } = await httpClient<{ import: ContactListImportResponse | null }>(`${API_URL}/contact-lists/${listId}/imports/latest`);
      return { data: json.import };
    },
  };
}

export type ContactListMethods = ReturnType<typeof contactListMethods>;
