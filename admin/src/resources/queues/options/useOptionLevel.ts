import { useCallback, useMemo, useRef, useState } from 'react';
import { useCreate, useDelete, useGetList, useUpdate } from 'react-admin';
import { useNotifyError } from '../../../hooks/useNotifyError';
import type { OptionDraft, OptionItem, QueueOption } from './types';

/** The dataProvider resource of the options (GET /queue-options?queueId&parentId answers one level, whole). */
const RESOURCE = 'queue-options';
/** A level is never paged: a menu has a handful of options. */
const WHOLE_LEVEL = { page: 1, perPage: 1000 };
const BY_NUMBER = { field: 'option', order: 'ASC' } as const;

const toItem = (option: QueueOption, key = `option-${option.id}`): OptionItem => ({
  key,
  id: option.id,
  title: option.title,
  message: option.message ?? '',
  option: option.option,
  mediaPath: option.mediaPath,
  mediaName: option.mediaName,
});

/** The fields PUT /queue-options/{id} accepts (the place in the tree is fixed at creation). */
const fieldsOf = (item: Pick<OptionItem, 'title' | 'message' | 'option'>) => ({ title: item.title, message: item.message, option: item.option });

export interface OptionLevel {
  items: OptionItem[];
  loading: boolean;
  /** Appends an unsaved option numbered after its siblings. */
  add(): void;
  /** Creates (new) or updates the option with the typed fields; answers whether it was saved. */
  save(item: OptionItem, draft: OptionDraft): Promise<boolean>;
  /** Deletes the option (its subtree goes with it), then numbers the siblings from 1 again and saves each. */
  remove(item: OptionItem): Promise<void>;
  /** Loads the level again (e.g. after an option's file changed). */
  reload(): Promise<unknown>;
}

/**
 * One level of a queue's options tree (`parentId` null for the top) through the dataProvider's `queue-options`
 * resource, loaded when the level is first shown; options added here stay on screen until saved.
 */
export function useOptionLevel(queueId: number, parentId: number | null): OptionLevel {
  const notifyError = useNotifyError();
  const { data, isPending, refetch } = useGetList<QueueOption>(
    RESOURCE,
    { filter: { queueId, parentId: parentId ?? -1 }, pagination: WHOLE_LEVEL, sort: BY_NUMBER },
    { onError: notifyError },
  );
  const [create] = useCreate<QueueOption>();
  const [update] = useUpdate<QueueOption>();
  const [destroy] = useDelete<QueueOption>();
  // Options added on this screen that the loaded level does not hold yet: unsaved, or saved and awaiting the reload.
  const [drafts, setDrafts] = useState<OptionItem[]>([]);
  // A saved draft keeps its React key, so its row keeps its state (e.g. an open level below it).
  const keys = useRef(new Map<number, string>());
  const added = useRef(0);

  const items = useMemo(() => {
    const loaded = (data ?? []).map((option) => toItem(option, keys.current.get(option.id)));
    const ids = new Set(loaded.map((item) => item.id));
    return [...loaded, ...drafts.filter((draft) => draft.id === undefined || !ids.has(draft.id))];
  }, [data, drafts]);

  const add = useCallback(() => {
    added.current += 1;
    const key = `new-${added.current}`;
    setDrafts((previous) => [...previous, { key, title: '', message: '', option: items.length + 1, mediaPath: null, mediaName: null }]);
  }, [items.length]);

  const save = useCallback(
    async (item: OptionItem, draft: OptionDraft) => {
      const fields = fieldsOf({ title: draft.title.trim(), message: draft.message, option: item.option });
      try {
        if (item.id) {
          await update(RESOURCE, { id: item.id, data: fields }, { returnPromise: true });
          return true;
        }
        // With returnPromise the created record is the answer.
        const saved = (await create(RESOURCE, { data: { ...fields, queueId, parentId: parentId ?? -1 } }, { returnPromise: true })) as QueueOption;
        keys.current.set(saved.id, item.key);
        setDrafts((previous) => previous.map((known) => (known.key === item.key ? toItem(saved, item.key) : known)));
        await refetch();
        setDrafts((previous) => previous.filter((known) => known.key !== item.key));
        return true;
      } catch (error) {
        notifyError(error);
        return false;
      }
    },
    [create, update, refetch, queueId, parentId, notifyError],
  );

  const remove = useCallback(
    async (item: OptionItem) => {
      try {
        if (item.id) await destroy(RESOURCE, { id: item.id }, { returnPromise: true });
      } catch (error) {
        notifyError(error);
        return;
      }
      const rest = items.filter((known) => known.key !== item.key).map((known, index) => ({ ...known, option: index + 1 }));
      const numbers = new Map(rest.map((known) => [known.key, known.option]));
      setDrafts((previous) => previous.flatMap((known) => (numbers.has(known.key) ? [{ ...known, option: numbers.get(known.key) ?? known.option }] : [])));
      try {
        // Sequential, so the numbers land in order even if the server checks them.
        for (const sibling of rest) {
          if (sibling.id) await update(RESOURCE, { id: sibling.id, data: fieldsOf(sibling) }, { returnPromise: true });
        }
      } catch (error) {
        notifyError(error);
      }
    },
    [items, destroy, update, notifyError],
  );

  return { items, loading: isPending, add, save, remove, reload: refetch };
}
