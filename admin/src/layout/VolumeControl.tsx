import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { Box, IconButton, Popover, Slider, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useStore, useTranslate } from 'react-admin';

/** Notification volume, 0 to 1 in steps of 0.1, kept in localStorage as `volume`. */
export function VolumeControl() {
  const translate = useTranslate();
  const [volume, setVolume] = useStore('volume', 1);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('appBar.volume');

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          {volume > 0 ? <VolumeUp /> : <VolumeOff />}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ px: 3, py: 1.5, width: 200 }}>
          <Slider
            aria-label={label}
            value={volume}
            min={0}
            max={1}
            step={0.1}
            marks
            valueLabelDisplay="auto"
            onChange={(_, value) => setVolume(value as number)}
          />
        </Box>
      </Popover>
    </>
  );
}
