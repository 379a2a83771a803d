import { useCallback, useState } from 'react';
import type { RaRecord } from 'react-admin';

export interface FormRecord<T extends RaRecord> {
  /** The record in the form; undefined: a new one. */
  id: T['id'] | undefined;
  /** A new key on every pick, Limpar, save or delete: the form starts again from fresh values. */
  key: number;
  pick(record: T): void;
  clear(): void;
}

/** Which record a super-user tab's form holds (local state: /settings keeps one URL for all its tabs). */
export function useFormRecord<T extends RaRecord>(): FormRecord<T> {
  const [state, setState] = useState<{ id?: T['id']; key: number }>({ key: 0 });
  const pick = useCallback((record: T) => setState((previous) => ({ id: record.id, key: previous.key + 1 })), []);
  const clear = useCallback(() => setState((previous) => ({ key: previous.key + 1 })), []);
  return { id: state.id, key: state.key, pick, clear };
}
