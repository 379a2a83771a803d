import type { FileListResponse } from '../../../src/shared/campaign-api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** The files of a list's options (POST /files/uploadList/{id}), once the list is saved. */
export function fileListMethods(httpClient: Client) {
  return {
    /** One `files` part per option, its option named at the same position in `optionIds`; answers the list as it now is. */
    async uploadFileListFiles(id: number, uploads: { optionId: number; file: File }[]): Promise<{ data: FileListResponse }> {
      const body = new FormData();
      body.append('optionIds', uploads.map((upload) => upload.optionId).join(','));
      for (const { file } of uploads) body.append('files', file, file.name);
      return { data: (await httpClient<FileListResponse>(`${API_URL}/files/uploadList/${id}`, { method: 'POST', body })).json };
    },
  };
}
