import { type AppRoute, ROUTES } from '../../routes';

/** /kanban with the prompts page's wording when the company's plan lacks useKanban (campaigns §6). */
export const KANBAN_ROUTE: AppRoute = { ...ROUTES.kanban, deniedMessage: 'app.noPagePermission' };
