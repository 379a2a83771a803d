import { Box, Chip } from '@mui/material';
import type { TagRef } from '../tickets/types';

/** The ticket's tags besides the lane it sits in (another lane's tag, labels): a move keeps them. */
export function CardTags({ tags, laneId }: { tags: TagRef[]; laneId: number }) {
  const others = tags.filter((tag) => tag.id !== laneId);
  if (!others.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-card-tags>
      {others.map((tag) => (
        <Chip
          key={tag.id}
          size="small"
          variant="outlined"
          label={tag.name}
          data-card-tag={tag.id}
          sx={{ height: 20, fontSize: 11, maxWidth: 140, borderColor: tag.color || 'divider', color: 'text.primary', '& .MuiChip-label': { px: 0.75 } }}
          icon={<Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tag.color || 'grey.500', ml: '6px !important' }} />}
        />
      ))}
    </Box>
  );
}
