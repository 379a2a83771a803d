import { maxLength, minLength, required, type Validator } from 'react-admin';
import { defaultSchedules } from '../../../../src/shared/schedules';
import { weekOf } from '../../components/WeeklyScheduleInputs';
import type { Queue, QueueFormValues } from './types';

/** Name: required, 2 to 50 characters (administration §5). */
export const queueNameRules: Validator[] = [
  required('validation.required'),
  minLength(2, 'validation.tooShort'),
  maxLength(50, 'validation.tooLong'),
];

/** A new queue starts with the default working hours (administration §9). */
export const newQueue = (): QueueFormValues => ({
  name: '',
  color: '',
  orderQueue: null,
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: defaultSchedules(),
});

export const toFormValues = (queue: Queue): QueueFormValues => ({
  name: queue.name,
  color: queue.color,
  orderQueue: queue.orderQueue ?? null,
  greetingMessage: queue.greetingMessage ?? '',
  outOfHoursMessage: queue.outOfHoursMessage ?? '',
  schedules: queue.schedules?.length ? weekOf(queue.schedules) : defaultSchedules(),
});

/** The POST/PUT /queue body. */
export const toPayload = (values: QueueFormValues) => ({
  name: values.name.trim(),
  color: values.color.trim(),
  orderQueue: values.orderQueue ?? null,
  greetingMessage: values.greetingMessage ?? '',
  outOfHoursMessage: values.outOfHoursMessage ?? '',
  schedules: weekOf(values.schedules),
});
