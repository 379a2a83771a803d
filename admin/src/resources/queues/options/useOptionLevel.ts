import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { api } from '../../../providers/httpClient';
import type { OptionDraft, OptionItem, QueueOption } from './types';

const PATH = '/queue-options';

const toItem = (option: QueueOption): OptionItem => ({
  key: `option-${option.id}`,
  id: option.id,
  title: option.title,
  message: option.message ?? '',
  option: option.option,
  mediaPath: option.mediaPath,
  mediaName: option.mediaName,
});

export interface OptionLevel {
  items: OptionItem[];
  loading: boolean;
  /** Appends an unsaved option numbered after its siblings. */
  add(): void;
  /** POST (new) or PUT the option with the typed fields; answers whether it was saved. */
  save(item: OptionItem, draft: OptionDraft): Promise<boolean>;
  /** DELETE the option (its subtree goes with it), then number the siblings from 1 again and save each. */
  remove(item: OptionItem): Promise<void>;
  /** Takes the option as a media call answered it. */
  replace(option: QueueOption): void;
}

/** One level of a queue's options tree (`parentId` null for the top), loaded when the level is first shown. */
export function useOptionLevel(queueId: number, parentId: number | null): OptionLevel {
  const notifyError = useNotifyError();
  const [items, setItems] = useState<OptionItem[]>([]);
  const [loading, setLoading] = useState(true);
  const added = useRef(0);

  useEffect(() => {
    let current = true;
    api
      .get<QueueOption[]>(PATH, { queueId, parentId: parentId ?? -1 })
      .then((answer) => current && setItems((Array.isArray(answer) ? answer : []).map(toItem)))
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [queueId, parentId, notifyError]);

  const add = useCallback(() => {
    added.current += 1;
    const key = `new-${added.current}`;
    setItems((previous) => [...previous, { key, title: '', message: '', option: previous.length + 1, mediaPath: null, mediaName: null }]);
  }, []);

  const save = useCallback(
    async (item: OptionItem, draft: OptionDraft) => {
      const fields = { title: draft.title.trim(), message: draft.message, option: item.option };
      try {
        const saved = item.id
          ? await api.put<QueueOption>(`${PATH}/${item.id}`, fields)
          : await api.post<QueueOption>(PATH, { ...fields, queueId, parentId: parentId ?? -1 });
        // The React key stays, so the row keeps its state (e.g. an open level below it).
        setItems((previous) => previous.map((known) => (known.key === item.key ? { ...toItem(saved), key: item.key } : known)));
        return true;
      } catch (error) {
        notifyError(error);
        return false;
      }
    },
    [queueId, parentId, notifyError],
  );

  const remove = useCallback(
    async (item: OptionItem) => {
      try {
        if (item.id) await api.delete(`${PATH}/${item.id}`);
      } catch (error) {
        notifyError(error);
        return;
      }
      const rest = items.filter((known) => known.key !== item.key).map((known, index) => ({ ...known, option: index + 1 }));
      setItems(rest);
      try {
        // Sequential, so the numbers land in order even if the server checks them.
        for (const sibling of rest) {
          if (sibling.id) await api.put(`${PATH}/${sibling.id}`, { title: sibling.title, message: sibling.message, option: sibling.option });
        }
      } catch (error) {
        notifyError(error);
      }
    },
    [items, notifyError],
  );

  const replace = useCallback((option: QueueOption) => {
    setItems((previous) => previous.map((known) => (known.id === option.id ? { ...toItem(option), key: known.key } : known)));
  }, []);

  return { items, loading, add, save, remove, replace };
}
