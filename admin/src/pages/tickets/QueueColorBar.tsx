import { Box } from '@mui/material';

/** The queue colour strip on the left edge of a list item (grey without queue). */
export function QueueColorBar({ color }: { color: string | null | undefined }) {
  return <Box aria-hidden sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 5, bgcolor: color || 'grey.400', borderRadius: '0 3px 3px 0' }} />;
}
