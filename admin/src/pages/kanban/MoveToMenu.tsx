import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { type SyntheticEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Lane } from './types';

interface MoveToMenuProps {
  /** Every lane, lane 0 first. */
  lanes: Lane[];
  currentLaneId: number;
  contactName: string;
  onMove(laneId: number): void;
}

/** Pointer presses on the button must not start dragging the card around it. */
const keepFromDrag = (event: SyntheticEvent) => event.stopPropagation();

/** "Mover para…": the keyboard (and touch) way to move a card to another lane. */
export function MoveToMenu({ lanes, currentLaneId, contactName, onMove }: MoveToMenuProps) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('kanban.moveTo');

  const choose = (laneId: number) => {
    setAnchor(null);
    onMove(laneId);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={`${label} (${contactName})`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onMouseDown={keepFromDrag}
          onTouchStart={keepFromDrag}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ mt: -0.5, mr: -0.5 }}
        >
          <DriveFileMoveOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {lanes.map((lane) => (
          <MenuItem key={lane.id} disabled={lane.id === currentLaneId} selected={lane.id === currentLaneId} onClick={() => choose(lane.id)}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: lane.color }} />
            </ListItemIcon>
            <ListItemText>{lane.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
