import { useInput } from 'react-admin';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import type { FileListOptionFormValues } from './types';

/**
 * The file of one option, inside the options iterator (sources are relative to the row): the stored file, and a file
 * chosen to replace it, uploaded once the list is saved. A stored file is replaced, not removed: to drop it, remove
 * the option.
 */
export function OptionFileInput() {
  const { field: current } = useInput<FileListOptionFormValues['current']>({ source: 'current' });
  const { field } = useInput<File | null>({ source: 'file', defaultValue: null });
  const change: AttachmentChange = field.value instanceof File ? { file: field.value } : null;
  return (
    <AttachmentField
      label="files.form.file"
      current={current.value ?? null}
      change={change}
      canRemoveCurrent={false}
      onChange={(next) => field.onChange(next && 'file' in next ? next.file : null)}
    />
  );
}
