import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import { Box, CardMedia } from '@mui/material';
import { useState } from 'react';
import { thumbnailUrl } from './video';

const frame = { aspectRatio: '16 / 9', width: '100%' } as const;

/**
 * The video's thumbnail from the video site; on a closed network (or without a video) a play sign takes its
 * place, so the card keeps its shape.
 */
export function HelpThumbnail({ video }: { video: string | null }) {
  const [failed, setFailed] = useState(false);
  if (video && !failed) {
    return <CardMedia component="img" src={thumbnailUrl(video)} alt="" onError={() => setFailed(true)} sx={{ ...frame, objectFit: 'cover' }} />;
  }
  return (
    <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
      <PlayCircleOutlined sx={{ fontSize: 56 }} />
    </Box>
  );
}
