import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { validationErrors } from '../../../components/formErrors';
import { errorKey } from '../../../i18n';
import { ApiError, type ApiErrorBody } from '../../../providers/httpClient';

/** The catalog key of the error's own code, when the code has a text (ERR_PLAN_IN_USE, …). */
function knownError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as ApiErrorBody | undefined)?.error;
  return code === 'ERR_VALIDATION' ? undefined : errorKey(code);
}

export interface Failures {
  /** A refused save: field errors for the form, else a toast with the code's text or the screen's failure text. */
  saveFailed(error: unknown, fallback: string): Record<string, string> | undefined;
  /** A refused delete: a toast with the code's text, else 'Não foi possível realizar a operação'. */
  deleteFailed(error: unknown): void;
}

/** How the super user's tabs report failures (administration §8). */
export function useFailures(): Failures {
  const notify = useNotify();
  const toast = useCallback(
    (error: unknown, fallback: string) => {
      const key = knownError(error);
      notify(key ?? fallback, { type: 'error', messageArgs: key && error instanceof ApiError ? error.messageArgs : undefined });
    },
    [notify],
  );
  const saveFailed = useCallback(
    (error: unknown, fallback: string) => {
      const fields = validationErrors(error);
      if (fields) return fields;
      toast(error, fallback);
      return undefined;
    },
    [toast],
  );
  const deleteFailed = useCallback((error: unknown) => toast(error, 'settings.records.deleteFailed'), [toast]);
  return { saveFailed, deleteFailed };
}
