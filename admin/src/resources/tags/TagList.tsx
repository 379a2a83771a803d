import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Box, type Theme, Tooltip, useMediaQuery } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  InfiniteList,
  SearchInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ColorChip } from '../../components/ColorChip';
import { PageHeader } from '../../components/PageHeader';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { TagDialog } from './TagDialog';
import type { Tag } from './types';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

function TagName() {
  const tag = useRecordContext<Tag>();
  const translate = useTranslate();
  if (!tag) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-tag-id={tag.id}>
      <ColorChip label={tag.name} color={tag.color} />
      {tag.kanban === 1 && (
        <Tooltip title={translate('tags.kanbanLane')}>
          <ViewKanbanOutlined fontSize="small" color="action" aria-label={translate('tags.kanbanLane')} />
        </Tooltip>
      )}
    </Box>
  );
}

/** Edit opens the dialog route; delete asks first, with the tag's name, and says when it is done. */
function TagActions() {
  const tag = useRecordContext<Tag>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!tag) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <EditButton label="" aria-label={translate('tags.edit', { name: tag.name })} />
      <DeleteWithConfirmButton
        label=""
        aria-label={translate('tags.delete', { name: tag.name })}
        confirmTitle="tags.deleteTitle"
        titleTranslateOptions={{ name: tag.name }}
        confirmContent="tags.deleteMessage"
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: () => notify('tags.deleted', { type: 'success' }) }}
      />
    </Box>
  );
}

/**
 * /tags: react-admin's infinite list of the company's tags (search with debounce, live through the `tag` socket
 * topic), with the add and edit dialogs on /tags/create and /tags/{id}.
 */
export function TagList() {
  const translate = useTranslate();
  // Phones keep the tag and its actions; the count needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('tags', 'tag');
  const { creating, editId } = useDialogRoute('/tags');
  return (
    <>
      <PageHeader title="tags.title" />
      <InfiniteList<Tag>
        resource="tags"
        title="tags.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('tags.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        // The dialogs are routes of their own (/tags/create, /tags/{id}); the list keeps its search in memory.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="tags.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<Tag> rowClick={false} bulkActionButtons={false} empty={<TagsEmpty />}>
          <DataTable.Col source="name" label="tags.columns.name" render={() => <TagName />} />
          {wide && <DataTable.NumberCol source="ticketsCount" label="tags.columns.ticketsCount" align="center" />}
          <DataTable.Col label="tags.columns.actions" align="right" render={() => <TagActions />} />
        </DataTable>
      </InfiniteList>
      {creating && <TagDialog />}
      {editId !== undefined && <TagDialog id={editId} />}
    </>
  );
}

function TagsEmpty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('tags.empty')}</Box>;
}
