import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, type ApiErrorBody } from '../providers/httpClient';
import type { SubmitAnswer } from './useRecordForm';

/**
 * A dialog's `refused` for API error codes that belong to a field (e.g. a taken name): the field shows the code's
 * text and a toast says it too. Other failures are left to the shared handling.
 */
export function useFieldRefusals(fields: Record<string, string>): (error: unknown) => SubmitAnswer {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.error : undefined;
      const field = code ? fields[code] : undefined;
      if (!code || !field) return undefined;
      notify(`errors.${code}`, { type: 'error' });
      return { [field]: translate(`errors.${code}`) };
    },
    [fields, notify, translate],
  );
}
