import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { validationErrors } from '../components/formErrors';
import { api } from '../providers/httpClient';
import { useNotifyError } from './useNotifyError';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Form errors (field → message) the form shows; an empty answer means the submission went through. */
export type SubmitAnswer = Record<string, string> | undefined;

export interface RecordFormOptions<T extends { id: number }, V> {
  /** The resource's API path, e.g. '/users': POST path, GET/PUT path/{id}. */
  path: string;
  /** The record to edit, loaded with GET path/{id}; without it (and without `record`) the form adds one. */
  id?: number;
  /** The record to edit when the list already holds all of it: no GET. */
  record?: T;
  /** The form values of a new record. Read once, like `toFormValues`. */
  empty: V;
  toFormValues(record: T): V;
  toPayload(values: V): unknown;
  /** The success toast; 'common.saved' unless told. */
  savedMessage?: string;
  /** A pause before the request (the spec's delayed submissions). */
  submitDelayMs?: number;
  /** Form errors for a refused save the screen understands (409, …); undefined lets the shared handling decide. */
  refused?(error: unknown): SubmitAnswer;
  /**
   * Runs after the record is saved (e.g. an upload) and answers the record to keep. When it fails the saved
   * record is still handed over and the dialog closes, with the failure as the toast.
   */
  afterSave?(saved: T, values: V, isNew: boolean): Promise<T>;
  onSaved?(record: T): void;
  onClose(): void;
}

export interface RecordForm<T, V> {
  isNew: boolean;
  /** The record being edited, once loaded. */
  loaded: T | undefined;
  /** The form's initial values; undefined while the record loads. */
  values: V | undefined;
  /** The react-admin Form's onSubmit: saves, toasts, hands the record over and closes; answers form errors. */
  submit(form: Record<string, unknown>): Promise<SubmitAnswer>;
}

/**
 * An add-or-edit dialog's data: loads the record to edit (closing with an error toast when that fails),
 * POSTs or PUTs the form, and maps a refused save to field errors (400 ERR_VALIDATION, or the screen's own
 * `refused`); any other failure is an error toast and the dialog stays open.
 */
export function useRecordForm<T extends { id: number }, V>(options: RecordFormOptions<T, V>): RecordForm<T, V> {
  const { path, record, onClose } = options;
  const notify = useNotify();
  const notifyError = useNotifyError();
  const id = record?.id ?? options.id;
  const isNew = id === undefined;
  const [loaded, setLoaded] = useState<T | undefined>(record);
  const failedToLoad = useEffectEvent((error: unknown) => {
    notifyError(error);
    onClose();
  });

  useEffect(() => {
    if (isNew || loaded?.id === id) return;
    api.get<T>(`${path}/${id}`).then(setLoaded).catch(failedToLoad);
  }, [isNew, path, id, loaded?.id]);

  // Recomputed only when the record changes: a new object would reset the form being filled in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed only when the record changes; new options objects each render must not reset the form
  const values = useMemo(() => (isNew ? options.empty : loaded && options.toFormValues(loaded)), [isNew, loaded]);

  const submit = async (form: Record<string, unknown>): Promise<SubmitAnswer> => {
    const formValuesNow = form as unknown as V;
    const payload = options.toPayload(formValuesNow);
    if (options.submitDelayMs) await pause(options.submitDelayMs);
    try {
      let saved = isNew ? await api.post<T>(path, payload) : await api.put<T>(`${path}/${id}`, payload);
      if (options.afterSave) {
        try {
          saved = await options.afterSave(saved, formValuesNow, isNew);
        } catch (error) {
          // The record is saved: hand it over and close, and say what went wrong after.
          options.onSaved?.(saved);
          onClose();
          notifyError(error);
          return undefined;
        }
      }
      notify(options.savedMessage ?? 'common.saved', { type: 'success' });
      options.onSaved?.(saved);
      onClose();
      return undefined;
    } catch (error) {
      const errors = options.refused?.(error) ?? validationErrors(error);
      if (errors) return errors;
      notifyError(error);
      return undefined;
    }
  };

  return { isNew, loaded, values, submit };
}
