import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../providers/httpClient';

/** Shows an API failure as an error toast in the user's language. */
export function useNotifyError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) =>
      error instanceof ApiError ? notify(error.message, { type: 'error', messageArgs: error.messageArgs }) : notify('errors.generic', { type: 'error' }),
    [notify],
  );
}
