import { useCallback, useEffect, useState } from 'react';
import type { ContactListEventPayload } from '../../../../src/shared/campaign-api-types';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { ContactListImport } from './types';

/** A finished import found on opening the page is still shown this long after it ended. */
const RECENT_MS = 5 * 60 * 1000;

/**
 * The list's current import: the last one when the page opens (a reload during an import keeps its bar), then the
 * `company-{id}-contact-list` progress events. `dismiss` hides a finished one.
 */
export function useContactListImport(contactListId: number) {
  const methods = useAppDataProvider();
  const [current, setCurrent] = useState<ContactListImport | null>(null);

  useEffect(() => {
    let live = true;
    setCurrent(null);
    void methods
      .latestContactListImport(contactListId)
      .then(({ data }) => {
        if (!live || !data) return;
        const finishedLongAgo = data.finishedAt !== null && Date.now() - new Date(data.finishedAt).getTime() > RECENT_MS;
        if (!finishedLongAgo) setCurrent((known) => known ?? data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [methods, contactListId]);

  const onEvent = useCallback(
    (payload: ContactListEventPayload) => {
      if (payload.action !== 'import' || payload.import.contactListId !== contactListId) return;
      // Events of one import arrive in order; a newer import replaces an older one.
      setCurrent((known) => (known && known.id > payload.import.id ? known : payload.import));
    },
    [contactListId],
  );
  useCompanyTopic<ContactListEventPayload>('contact-list', onEvent);

  const dismiss = useCallback(() => setCurrent(null), []);
  return { current, setCurrent, dismiss };
}
