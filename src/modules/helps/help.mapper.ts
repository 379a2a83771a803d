import type { Help } from './help.entity.js';
import type { HelpResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { HelpResponse };

export function toHelpResponse(help: Help): HelpResponse {
  return {
    id: help.id,
    title: help.title,
    description: help.description,
    video: help.video,
    createdAt: help.createdAt.toISOString(),
    updatedAt: help.updatedAt.toISOString(),
  };
}
