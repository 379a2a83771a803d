import { useDroppable } from '@dnd-kit/core';
import { alpha, Box, Paper, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { DraggableCard } from './DraggableCard';
import type { KanbanTicket, Lane } from './types';

export const laneDropId = (laneId: number) => `lane-${laneId}`;

interface KanbanLaneProps {
  lane: Lane;
  cards: KanbanTicket[];
  /** Every lane, lane 0 first, for the cards' move menus. */
  lanes: Lane[];
  onMove(ticketId: number, laneId: number): void;
}

/** A column: the tag's coloured header with its card count, then its cards; a card dropped anywhere on it moves here. */
export function KanbanLane({ lane, cards, lanes, onMove }: KanbanLaneProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const titleId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.id), data: { laneId: lane.id } });
  let headerText: string;
  try {
    headerText = theme.palette.getContrastText(lane.color);
  } catch {
    // Not a colour MUI can read: the header falls back to the default text colour.
    headerText = theme.palette.text.primary;
  }

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-kanban-lane={lane.id}
      sx={{
        width: { xs: 'min(85vw, 300px)', sm: 300 },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        overflow: 'hidden',
        bgcolor: theme.palette.mode === 'light' ? 'grey.50' : 'background.default',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, bgcolor: lane.color, color: headerText }}>
        <Typography id={titleId} component="h2" variant="subtitle1" noWrap title={lane.name} sx={{ flex: 1, fontWeight: 600 }}>
          {lane.name}
        </Typography>
        <Box
          component="span"
          aria-label={translate('kanban.cardCount', { smart_count: cards.length })}
          data-lane-count
          sx={{ minWidth: 24, px: 0.75, borderRadius: 12, textAlign: 'center', fontSize: 13, fontWeight: 600, bgcolor: alpha(headerText, 0.18) }}
        >
          {cards.length}
        </Box>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 120,
          overflowY: 'auto',
          p: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          transition: 'background-color 120ms',
          bgcolor: isOver ? alpha(theme.palette.primary.main, 0.08) : undefined,
          outline: isOver ? `2px dashed ${theme.palette.primary.main}` : undefined,
          outlineOffset: -4,
        }}
      >
        {cards.map((card) => (
          <DraggableCard key={card.id} ticket={card} lanes={lanes} laneId={lane.id} onMove={onMove} />
        ))}
        {cards.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {translate('kanban.emptyLane')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
