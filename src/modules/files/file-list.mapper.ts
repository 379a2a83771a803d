import type { FileListOptionResponse, FileListResponse } from '../../shared/campaign-api-types.js';
import type { FileListOption } from './file-list-option.entity.js';
import type { FileList } from './file-list.entity.js';

export type { FileListOptionResponse, FileListResponse };

export const toFileListOptionResponse = (option: FileListOption): FileListOptionResponse => ({
  id: option.id,
  name: option.name,
  path: option.path,
  mediaType: option.mediaType,
  mediaName: option.mediaName,
});

/** The list with its options in id order (they must be loaded). */
export function toFileListResponse(record: FileList): FileListResponse {
  return {
    id: record.id,
    name: record.name,
    message: record.message,
    userId: record.user?.id ?? null,
    options: record.options
      .getItems()
      .toSorted((a, b) => a.id - b.id)
      .map(toFileListOptionResponse),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
