import { RecordRowActions } from '../../components/RecordRowActions';
import { ListEmpty } from '../../components/ListEmpty';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Box, type Theme, Tooltip, useMediaQuery } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { ColorChip } from '../../components/ColorChip';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { TagDialog } from './TagDialog';
import type { Tag } from './types';

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

/** Edit opens the dialog route; delete (where the rule table allows it) asks first, with the name. */
function TagActions() {
  const tag = useRecordContext<Tag>();
  return tag ? <RecordRowActions catalog="tags" name={tag.name} /> : null;
}

/**
 * /tags: react-admin's infinite list of the company's tags (search with debounce, live through the `tag` socket
 * topic), with the add and edit dialogs on /tags/create and /tags/{id}.
 */
export function TagList() {
  // Phones keep the tag and its actions; the count needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('tags', 'tag');
  const { creating, editId } = useDialogRoute('/tags');
  return (
    <>
      <SearchableResourceList resource="tags" catalog="tags" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<Tag> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="tags.empty" />}>
          <DataTable.Col source="name" label="tags.columns.name" render={() => <TagName />} />
          {wide && <DataTable.NumberCol source="ticketsCount" label="tags.columns.ticketsCount" align="center" />}
          <DataTable.Col label="tags.columns.actions" align="right" render={() => <TagActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <TagDialog />}
      {editId !== undefined && <TagDialog id={editId} />}
    </>
  );
}
