import { useCallback, useEffect, useState } from 'react';
import { useLiveList } from '../../hooks/useLiveList';
import { listOf } from '../../hooks/useOptions';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import type { Prompt } from './types';

/** `company-{id}-prompt`: `{ action: 'create' | 'update', prompt }` / `{ action: 'delete', promptId }`. */
const LIVE = { topic: 'prompt' };

export interface PromptList {
  records: Prompt[];
  loading: boolean;
  upsert(prompt: Prompt): void;
  remove(id: number): void;
}

/** The company's prompts (GET /prompt → `prompts`, the whole list), kept live. */
export function usePrompts(): PromptList {
  const notifyError = useNotifyError();
  const [records, setRecords] = useState<Prompt[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    api
      .get<unknown>('/prompt')
      .then((answer) => current && setRecords(listOf<Prompt>(answer, 'prompts')))
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [notifyError]);

  const upsert = useCallback((prompt: Prompt) => {
    setRecords((previous) =>
      previous.some((known) => known.id === prompt.id)
        ? previous.map((known) => (known.id === prompt.id ? { ...known, ...prompt } : known))
        : [...previous, prompt],
    );
  }, []);

  const remove = useCallback((id: number) => setRecords((previous) => previous.filter((known) => known.id !== id)), []);

  const list = { records, loading, upsert, remove };
  useLiveList<Prompt>(LIVE, list);
  return list;
}
