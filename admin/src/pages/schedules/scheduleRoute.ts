import { type AppRoute, ROUTES } from '../../routes';

/** /schedules with the prompts page's wording when the company's plan lacks useSchedules (campaigns §6). */
export const SCHEDULES_ROUTE: AppRoute = { ...ROUTES.schedules, deniedMessage: 'app.noPagePermission' };
