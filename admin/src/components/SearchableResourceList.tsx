import type { ReactNode } from 'react';
import { CreateButton, InfiniteList, type SortPayload, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { PageHeader } from './PageHeader';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

interface SearchableResourceListProps {
  resource: string;
  /** Catalog prefix of `title`, `search` (the box's placeholder) and `add`. */
  catalog: string;
  sort: SortPayload;
  /** The DataTable. */
  children: ReactNode;
  /** More buttons beside the add button (the contacts' export). */
  extraActions?: ReactNode;
}

/**
 * The spec's searchable list screen as react-admin composes it: title, `<InfiniteList>` with an always-on
 * `<SearchInput>` (debounced) and the add button, which opens the `{list}/create` dialog route. The dialogs are
 * routes of their own, so the list keeps its search in memory rather than in the URL.
 */
export function SearchableResourceList({ resource, catalog, sort, children, extraActions }: SearchableResourceListProps) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={`${catalog}.title`} />
      <InfiniteList
        resource={resource}
        title={`${catalog}.title`}
        sort={sort}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate(`${catalog}.search`)} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            {extraActions}
            <CreateButton label={`${catalog}.add`} variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        {children}
      </InfiniteList>
    </>
  );
}
