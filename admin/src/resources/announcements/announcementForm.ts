import { required, type Validator } from 'react-admin';
import {
  ANNOUNCEMENT_IMAGE_EXTENSIONS,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementPriority,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  DEFAULT_ANNOUNCEMENT_STATUS,
} from '../../../../src/shared/announcement-api-types';
import type { Announcement, AnnouncementFormValues } from './types';

const tooLong =
  (max: number): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim().length > max ? 'validation.tooLong' : undefined;

/** Title and text are required (campaigns §5). */
export const titleRules: Validator[] = [required('validation.requiredField'), tooLong(ANNOUNCEMENT_TITLE_MAX)];
export const textRules: Validator[] = [required('validation.requiredField'), tooLong(ANNOUNCEMENT_TEXT_MAX)];

export const priorityRules: Validator[] = [required('validation.requiredField')];

/** 1 high, 2 medium, 3 low: the select's choices, named from the catalog. */
export const PRIORITY_CHOICES = ANNOUNCEMENT_PRIORITIES.map((priority) => ({ id: priority, name: `announcements.priority.${priority}` }));

/** A new announcement: low priority and active (campaigns §9). */
export const NEW_ANNOUNCEMENT: AnnouncementFormValues = {
  priority: DEFAULT_ANNOUNCEMENT_PRIORITY,
  title: '',
  text: '',
  status: DEFAULT_ANNOUNCEMENT_STATUS,
};

export const toFormValues = (record: Announcement): AnnouncementFormValues => ({
  priority: record.priority,
  title: record.title,
  text: record.text ?? '',
  status: record.status !== false,
});

/** The POST/PUT /announcements body. */
export const toPayload = (values: AnnouncementFormValues) => ({
  priority: Number(values.priority) as AnnouncementPriority,
  title: values.title.trim(),
  text: values.text.trim(),
  status: Boolean(values.status),
});

/** The image an announcement has now, if any. */
export const attachmentOf = (record: Announcement | undefined) => (record?.mediaName ? { name: record.mediaName, url: record.mediaUrl } : null);

/** png, jpg or jpeg, by the file's name (the server checks the content too). */
export const isAcceptedImageName = (name: string): boolean =>
  (ANNOUNCEMENT_IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(name.lastIndexOf('.') + 1).toLowerCase()) && name.includes('.');
