import type { Help } from '../../helps/types';

export interface HelpFormValues {
  title: string;
  video: string;
  description: string;
}

export const NEW_HELP: HelpFormValues = { title: '', video: '', description: '' };

export function toFormValues(help: Help): HelpFormValues {
  return { title: help.title, video: help.video ?? '', description: help.description ?? '' };
}

/** The POST/PUT /helps body; cleared fields are sent as null. */
export function toPayload(values: HelpFormValues) {
  return {
    title: values.title.trim(),
    video: values.video.trim() || null,
    description: values.description.trim() || null,
  };
}
