import type { AnnouncementPriority } from '../../../../src/shared/announcement-api-types';

/** The palette colour of each priority: high red, medium amber, low blue. */
export const PRIORITY_COLORS: Record<AnnouncementPriority, 'error' | 'warning' | 'info'> = { 1: 'error', 2: 'warning', 3: 'info' };

export const priorityColor = (priority: number): 'error' | 'warning' | 'info' => PRIORITY_COLORS[priority as AnnouncementPriority] ?? 'info';
