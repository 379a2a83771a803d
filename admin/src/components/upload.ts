import { API_URL, httpClient } from '../providers/httpClient';

/** POSTs one file as multipart form data (field `file` unless told) to an API path; answers the JSON reply. */
export async function uploadFile<T = unknown>(path: string, file: File, field = 'file'): Promise<T> {
  const body = new FormData();
  body.append(field, file, file.name);
  const response = await httpClient<T>(`${API_URL}${path}`, { method: 'POST', body });
  return response.json;
}
