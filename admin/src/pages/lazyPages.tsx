import { LinearProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';

/**
 * Pages with heavy libraries of their own (charts, the calendar, drag and drop) load when first opened, so the
 * login and the tickets screen do not download them.
 */
function lazyPage(load: () => Promise<ComponentType>): () => ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, never during a render
  return function LazyPage() {
    return (
      <Suspense fallback={<LinearProgress aria-busy="true" />}>
        <Page />
      </Suspense>
    );
  };
}

export const DashboardPage = lazyPage(() => import('./dashboard/DashboardPage').then((page) => page.DashboardPage));
export const SchedulesPage = lazyPage(() => import('./schedules/SchedulesPage').then((page) => page.SchedulesPage));
export const KanbanPage = lazyPage(() => import('./kanban/KanbanPage').then((page) => page.KanbanPage));
