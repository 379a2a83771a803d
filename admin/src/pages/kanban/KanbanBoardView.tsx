import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { groupByLane, laneOf } from './board';
import { KanbanCard } from './KanbanCard';
import { KanbanLane } from './KanbanLane';
import type { KanbanTicket, Lane } from './types';

interface KanbanBoardViewProps {
  /** Every lane, lane 0 first. */
  lanes: Lane[];
  cards: KanbanTicket[];
  onMove(ticketId: number, laneId: number): void;
}

// A click (the link, the menu) moves less than this; a long press lets fingers still scroll the board.
const MOUSE_ACTIVATION = { distance: 6 };
const TOUCH_ACTIVATION = { delay: 200, tolerance: 8 };

const ticketIdOf = (data: unknown) => (data as { ticketId?: number } | undefined)?.ticketId;
const laneIdOf = (data: unknown) => (data as { laneId?: number } | undefined)?.laneId;

/** The lanes side by side, scrolling sideways when they do not fit; cards are dragged from lane to lane. */
export function KanbanBoardView({ lanes, cards, onMove }: KanbanBoardViewProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
  );
  const [activeId, setActiveId] = useState<number | null>(null);
  const tagLanes = useMemo(() => lanes.slice(1), [lanes]);
  const groups = useMemo(() => groupByLane(cards, tagLanes), [cards, tagLanes]);
  const active = activeId === null ? undefined : cards.find((card) => card.id === activeId);

  const nameOf = (data: unknown) => cards.find((card) => card.id === ticketIdOf(data))?.contact?.name ?? '';
  const laneNameOf = (data: unknown) => lanes.find((lane) => lane.id === laneIdOf(data))?.name ?? '';
  // The live region's words for screen readers, in the user's language.
  const announcements: Announcements = {
    onDragStart: ({ active: item }) => translate('kanban.dnd.pickedUp', { name: nameOf(item.data.current) }),
    onDragOver: ({ active: item, over }) =>
      over ? translate('kanban.dnd.over', { name: nameOf(item.data.current), lane: laneNameOf(over.data.current) }) : undefined,
    onDragEnd: ({ active: item, over }) =>
      over ? translate('kanban.dnd.dropped', { name: nameOf(item.data.current), lane: laneNameOf(over.data.current) }) : translate('kanban.dnd.cancelled'),
    onDragCancel: () => translate('kanban.dnd.cancelled'),
  };

  const start = ({ active: item }: DragStartEvent) => setActiveId(ticketIdOf(item.data.current) ?? null);
  const end = ({ active: item, over }: DragEndEvent) => {
    setActiveId(null);
    const ticketId = ticketIdOf(item.data.current);
    const laneId = laneIdOf(over?.data.current);
    if (ticketId !== undefined && laneId !== undefined) onMove(ticketId, laneId);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{ announcements }}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setActiveId(null)}
    >
      <Box data-kanban-board sx={{ display: 'flex', gap: 1.5, flex: 1, minHeight: 0, overflowX: 'auto', overflowY: 'hidden', pb: 1, alignItems: 'stretch' }}>
        {lanes.map((lane) => (
          <KanbanLane key={lane.id} lane={lane} cards={groups.get(lane.id) ?? []} lanes={lanes} onMove={onMove} />
        ))}
      </Box>
      <DragOverlay dropAnimation={null}>
        {active && <KanbanCard ticket={active} lanes={lanes} laneId={laneOf(active, tagLanes)} onMove={onMove} overlay />}
      </DragOverlay>
    </DndContext>
  );
}
