import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import type { Choice } from '../../providers/campaignMethods';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { Campaign } from './types';

/** The API's largest page: a company has far fewer tags and connections. */
const WHOLE = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/** The choices, with the campaign's own (named in its record) when the list does not hold it. */
const withCurrent = (choices: Choice[], current: Choice | null | undefined): Choice[] =>
  current && !choices.some((choice) => choice.id === current.id) ? [current, ...choices] : choices;

/**
 * What the campaign form chooses from. A list the API cannot give (not there yet, or refused) is offered empty,
 * save the campaign's own contact list and connection, so an open campaign still shows them.
 */
export function useCampaignChoices(campaign?: Campaign) {
  const methods = useAppDataProvider();
  const options = { retry: false, staleTime: 30_000 } as const;
  const contactLists = useQuery({ queryKey: ['campaign-choices', 'contact-lists'], queryFn: () => methods.getContactListChoices(), ...options });
  const fileLists = useQuery({ queryKey: ['campaign-choices', 'files'], queryFn: () => methods.getFileListChoices(), ...options });
  const connections = useGetList<Choice>('connections', WHOLE, options);
  const tags = useGetList<Choice>('tags', WHOLE, options);
  return {
    contactLists: withCurrent(contactLists.data ?? [], campaign?.contactList),
    fileLists: fileLists.data ?? [],
    connections: withCurrent(connections.data ?? [], campaign?.whatsapp),
    tags: tags.data ?? [],
  };
}
