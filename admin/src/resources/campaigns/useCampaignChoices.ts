import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import type { Choice } from '../../providers/campaignMethods';
import { useAppDataProvider } from '../../providers/dataProvider';

/** The API's largest page: a company has far fewer tags and connections. */
const WHOLE = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/** What the campaign form chooses from. A list the API cannot give (not there yet, or refused) is offered empty. */
export function useCampaignChoices() {
  const methods = useAppDataProvider();
  const options = { retry: false, staleTime: 30_000 } as const;
  const contactLists = useQuery({ queryKey: ['campaign-choices', 'contact-lists'], queryFn: () => methods.getContactListChoices(), ...options });
  const fileLists = useQuery({ queryKey: ['campaign-choices', 'files'], queryFn: () => methods.getFileListChoices(), ...options });
  const connections = useGetList<Choice>('connections', WHOLE, options);
  const tags = useGetList<Choice>('tags', WHOLE, options);
  return {
    contactLists: contactLists.data ?? [],
    fileLists: fileLists.data ?? [],
    connections: connections.data ?? [],
    tags: tags.data ?? [],
  };
}
