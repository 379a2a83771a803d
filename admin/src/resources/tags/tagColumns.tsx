import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { Box, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ColorChip } from '../../components/ColorChip';
import type { Column } from '../../components/ResourceTable';
import type { Tag } from './types';

function TagName({ tag }: { tag: Tag }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <ColorChip label={tag.name} color={tag.color} />
      {tag.kanban === 1 && (
        <Tooltip title={translate('tags.kanbanLane')}>
          <ViewKanbanOutlined fontSize="small" color="action" aria-label={translate('tags.kanbanLane')} />
        </Tooltip>
      )}
    </Box>
  );
}

/** The tags table: the tag on its colour and how many tickets carry it. */
export const TAG_COLUMNS: Column<Tag>[] = [
  { source: 'name', render: (tag) => <TagName tag={tag} /> },
  { source: 'ticketsCount', cellProps: { align: 'center', sx: { width: 160 } }, render: (tag) => tag.ticketsCount ?? 0 },
];
