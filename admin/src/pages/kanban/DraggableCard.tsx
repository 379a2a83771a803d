import { useDraggable } from '@dnd-kit/core';
import { Box } from '@mui/material';
import { KanbanCard } from './KanbanCard';
import type { KanbanTicket, Lane } from './types';

export const cardDragId = (ticketId: number) => `ticket-${ticketId}`;

interface DraggableCardProps {
  ticket: KanbanTicket;
  lanes: Lane[];
  laneId: number;
  onMove(ticketId: number, laneId: number): void;
}

/**
 * A card that pointers and fingers drag; the copy under the pointer is the board's overlay, this one stays as a
 * faded placeholder. Keyboards use the card's move menu instead, so the drag sensor's key handlers are left out.
 */
export function DraggableCard({ ticket, lanes, laneId, onMove }: DraggableCardProps) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: cardDragId(ticket.id), data: { ticketId: ticket.id } });
  return (
    <Box ref={setNodeRef} {...listeners} sx={{ cursor: 'grab', touchAction: 'manipulation', opacity: isDragging ? 0.35 : 1 }}>
      <KanbanCard ticket={ticket} lanes={lanes} laneId={laneId} onMove={onMove} />
    </Box>
  );
}
