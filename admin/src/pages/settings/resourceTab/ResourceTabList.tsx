import { Box } from '@mui/material';
import { type ReactNode, useCallback } from 'react';
import { DataTable, InfiniteList, type RaRecord, type SortPayload, useTranslate } from 'react-admin';
import { type RowProps, RowPropsBody, RowPropsContext } from './RowPropsBody';

const PAGE_SIZE = 25;

interface ResourceTabListProps<T extends RaRecord> {
  /** The react-admin resource; also the catalog prefix of `title` and `empty`. */
  resource: string;
  /** Each row carries `data-{recordName}-id`. */
  recordName: string;
  sort: SortPayload;
  /** The record loaded into the form above, marked in the list. */
  selectedId?: T['id'];
  /** A click on a row loads it into the form. */
  onSelect(record: T): void;
  /** Further props of a row (e.g. a tint). */
  rowProps?: RowProps<T>;
  /** The DataTable columns. */
  children: ReactNode;
}

/**
 * The list under a super-user form: react-admin's infinite list (the spec's infinite scroll) in a scroll box, so
 * the form stays in view; the list state lives in memory, /settings keeps its own URL.
 */
export function ResourceTabList<T extends RaRecord>({ resource, recordName, sort, selectedId, onSelect, rowProps, children }: ResourceTabListProps<T>) {
  const translate = useTranslate();
  const propsOf = useCallback(
    (record: T) => ({ [`data-${recordName}-id`]: record.id, selected: record.id === selectedId, ...rowProps?.(record) }),
    [recordName, selectedId, rowProps],
  );
  return (
    <InfiniteList<T>
      resource={resource}
      title={false}
      actions={false}
      sort={sort}
      perPage={PAGE_SIZE}
      disableSyncWithLocation
      empty={false}
      component={Box}
      sx={{ maxHeight: '60vh', overflow: 'auto' }}
    >
      <RowPropsContext.Provider value={propsOf as RowProps}>
        <DataTable<T>
          rowClick={(_id, _resource, record) => {
            onSelect(record);
            return false;
          }}
          bulkActionButtons={false}
          body={RowPropsBody}
          aria-label={translate(`${resource}.title`)}
          empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate(`${resource}.empty`)}</Box>}
        >
          {children}
        </DataTable>
      </RowPropsContext.Provider>
    </InfiniteList>
  );
}
