import type { Help } from './help.entity.js';

export interface HelpResponse {
  id: number;
  title: string;
  description: string | null;
  video: string | null;
  createdAt: string;
  updatedAt: string;
}

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
