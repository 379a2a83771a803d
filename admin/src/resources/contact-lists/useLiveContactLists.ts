import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ContactListEventPayload } from '../../../../src/shared/campaign-api-types';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';

/**
 * `company-{id}-contact-list`: lists created, renamed, deleted or recounted reload the lists; import progress (up to
 * four events a second) only when an import ends, since the counts change then.
 */
export function useLiveContactLists(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (payload: ContactListEventPayload) => {
      if (payload.action === 'import' && payload.import.status !== 'done' && payload.import.status !== 'failed') return;
      void queryClient.invalidateQueries({ queryKey: ['contact-lists'] });
    },
    [queryClient],
  );
  useCompanyTopic<ContactListEventPayload>('contact-list', onEvent);
}
