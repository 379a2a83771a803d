import { maxLength, minLength, required, type Validator } from 'react-admin';
import { defaultSchedules } from '../../../../src/shared/schedules';
import { weekOf } from '../../components/WeeklyScheduleInputs';
import type { Queue, QueueFormValues } from './types';

/** Name: required, 2 to 50 characters (administration §5). */
export const queueNameRules: Validator[] = [required('validation.required'), minLength(2, 'validation.tooShort'), maxLength(50, 'validation.tooLong')];

/** A new queue starts with the default working hours (administration §9). */
export const newQueue = (): QueueFormValues => ({
  name: '',
  color: '',
  orderQueue: null,
  greetingMessage: '',
  outOfHoursMessage: '',
  integrationId: null,
  promptId: null,
  schedules: defaultSchedules(),
});

export const toFormValues = (queue: Queue): QueueFormValues => ({
  name: queue.name,
  color: queue.color,
  orderQueue: queue.orderQueue ?? null,
  greetingMessage: queue.greetingMessage ?? '',
  outOfHoursMessage: queue.outOfHoursMessage ?? '',
  integrationId: queue.integrationId ?? null,
  promptId: queue.promptId ?? null,
  schedules: queue.schedules?.length ? weekOf(queue.schedules) : defaultSchedules(),
});

/** The POST/PUT /queue body. */
export const toPayload = (values: QueueFormValues) => ({
  name: values.name.trim(),
  color: values.color.trim(),
  orderQueue: values.orderQueue ?? null,
  greetingMessage: values.greetingMessage ?? '',
  outOfHoursMessage: values.outOfHoursMessage ?? '',
  integrationId: values.integrationId ?? null,
  promptId: values.promptId ?? null,
  schedules: weekOf(values.schedules),
});

/** The file a queue sends with its greeting, if any. */
export const attachmentOf = (queue: Queue | undefined) =>
  queue?.mediaName ? { name: queue.mediaName, url: queue.mediaPath ? `/public/${queue.mediaPath}` : null } : null;
