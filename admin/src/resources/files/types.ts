import type { FileListOptionResponse, FileListResponse } from '../../../../src/shared/campaign-api-types';

/** A file list as GET /files answers it. */
export type FileList = FileListResponse;
export type FileListOption = FileListOptionResponse;

/** One option row of the dialog: its name, the file it has, and a file chosen to replace it (sent after the save). */
export interface FileListOptionFormValues {
  id?: number;
  name: string;
  current: { name: string; url: string | null } | null;
  file: File | null;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileListOptionFormValues[];
}
