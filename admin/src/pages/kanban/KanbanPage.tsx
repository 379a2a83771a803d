import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { ROUTES } from '../../routes';
import { KanbanBoardView } from './KanbanBoardView';
import { KanbanQueueFilter, NO_QUEUE } from './KanbanQueueFilter';
import { type Lane, OPEN_LANE_ID } from './types';
import { useBoardViewer } from './useBoardViewer';
import { useKanbanBoard } from './useKanbanBoard';

/** Lane 0 has no tag to take a colour from. */
const OPEN_LANE_COLOR = '#546E7A';

/** Height left under the app bar (the layout adds its own bottom padding). */
const PAGE_HEIGHT = { xs: 'calc(100dvh - 56px - 32px)', sm: 'calc(100dvh - 48px - 40px)' };

/** /kanban: the open tickets arranged by kanban tag, lane 0 ('Em aberto') holding those without one. */
export function KanbanPage() {
  const translate = useTranslate();
  const viewer = useBoardViewer();
  const { lanes, cards, loading, move } = useKanbanBoard(viewer);
  const [queueFilter, setQueueFilter] = useState<number[]>([]);
  // Filtered on the board: live card updates keep arriving and simply fall in or out of the chosen queues.
  const shown = useMemo(() => (queueFilter.length ? cards.filter((card) => queueFilter.includes(card.queue?.id ?? NO_QUEUE)) : cards), [cards, queueFilter]);
  const allLanes = useMemo<Lane[]>(() => [{ id: OPEN_LANE_ID, name: translate('kanban.openLane'), color: OPEN_LANE_COLOR }, ...lanes], [lanes, translate]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: PAGE_HEIGHT, minHeight: 420 }}>
      <PageHeader title="kanban.title" />
      <Box sx={{ mb: 1.5 }}>
        <KanbanQueueFilter value={queueFilter} onChange={setQueueFilter} />
      </Box>
      {!loading && lanes.length === 0 && (
        <Alert
          severity="info"
          sx={{ mb: 1.5 }}
          action={
            <Button component={RouterLink} to={ROUTES.tags.path} color="inherit" size="small">
              {translate('kanban.goToTags')}
            </Button>
          }
        >
          {translate('kanban.noLanes')}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress aria-label={translate('kanban.loading')} />}</Box>
      <KanbanBoardView lanes={allLanes} cards={shown} onMove={move} />
    </Box>
  );
}
