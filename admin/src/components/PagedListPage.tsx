import Add from '@mui/icons-material/Add';
import { Box, Button, Paper } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { LiveTopic } from '../hooks/useLiveList';
import { usePagedResource } from '../hooks/usePagedResource';
import { ConfirmDialog } from './ConfirmDialog';
import { PageHeader } from './PageHeader';
import { SearchField } from './SearchField';
import { type Column, ResourceTable } from './ResourceTable';

/** What a list screen's add-or-edit dialog receives. */
export interface EditDialogProps<T> {
  /** The row to edit; without it the dialog adds a record. */
  record?: T;
  onClose(): void;
  onSaved(record: T): void;
}

interface PagedListPageProps<T extends { id: number }> {
  /**
   * Catalog prefix of the screen's texts: `title`, `search`, `add`, `deleteTitle` (%{name}), `deleteMessage`,
   * `deleted`, and those of {@link ResourceTable}.
   */
  resource: string;
  /** The API path (`GET path?searchParam=&pageNumber=`, `DELETE path/{id}`) and the records' key in a page. */
  path: string;
  recordsKey: string;
  live: LiveTopic<T>;
  /** Each row carries `data-{recordName}-id`. */
  recordName: string;
  columns: Column<T>[];
  /** The record's name in action labels and in the delete confirmation. */
  nameOf(record: T): string;
  /** Whether rows offer delete; true unless told. */
  canDelete?: boolean;
  /** Whether the screen offers add and rows offer edit; true unless told (false: a read-only list). */
  canEdit?: boolean;
  /** The add-or-edit dialog, opened by the add button and the rows' edit buttons. */
  renderDialog(props: EditDialogProps<T>): ReactNode;
}

/**
 * A searchable (500 ms debounce), infinitely scrolled, live-updated list screen: title, search box and add
 * button, the table with edit and delete per row, the dialog, and a confirmation before a delete.
 */
export function PagedListPage<T extends { id: number }>({
  resource,
  path,
  recordsKey,
  live,
  recordName,
  columns,
  nameOf,
  canDelete = true,
  canEdit = true,
  renderDialog,
}: PagedListPageProps<T>) {
  const translate = useTranslate();
  const { search, setSearch, list, rootRef, sentinelRef, remove } = usePagedResource<T>({
    path,
    recordsKey,
    live,
    deletedMessage: `${resource}.deleted`,
  });
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  return (
    <Box>
      <PageHeader title={`${resource}.title`}>
        <SearchField value={search} onChange={setSearch} placeholder={`${resource}.search`} />
        {canEdit && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
            {translate(`${resource}.add`)}
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" ref={rootRef} sx={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
        <ResourceTable<T>
          resource={resource}
          recordName={recordName}
          columns={columns}
          records={list.records}
          loading={list.loading}
          nameOf={nameOf}
          onEdit={canEdit ? (record) => setEditing({ record }) : undefined}
          onDelete={canDelete ? setDeleting : undefined}
        />
        <div ref={sentinelRef} />
      </Paper>
      {editing && renderDialog({ record: editing.record, onClose: () => setEditing(null), onSaved: list.upsert })}
      <ConfirmDialog
        open={deleting !== null}
        title={translate(`${resource}.deleteTitle`, { name: deleting ? nameOf(deleting) : undefined })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate(`${resource}.deleteMessage`)}
      </ConfirmDialog>
    </Box>
  );
}
