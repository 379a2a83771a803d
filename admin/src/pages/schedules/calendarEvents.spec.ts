import { describe, expect, it } from '@jest/globals';
import { toCalendarEvents } from './calendarEvents';
import type { Schedule } from './types';

const schedule = (id: number, sendAt: Date): Schedule => ({ id, sendAt: sendAt.toISOString(), contact: { id: 1, name: 'Carla', number: '5511' } }) as Schedule;

describe('toCalendarEvents', () => {
  it('keeps a late-evening schedule inside its own day', () => {
    const late = new Date(2026, 10, 21, 23, 45);
    const [event] = toCalendarEvents([schedule(1, late)]);
    expect(event!.start).toEqual(late);
    expect(event!.end.getDate()).toBe(21);
    expect(event!.end.getTime()).toBeGreaterThan(late.getTime());
  });

  it('orders the day from morning to night', () => {
    const events = toCalendarEvents([schedule(2, new Date(2026, 10, 21, 15)), schedule(1, new Date(2026, 10, 21, 9))]);
    expect(events.map((e) => e.id)).toEqual([1, 2]);
  });
});
