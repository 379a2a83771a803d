import { fromWallTime, parseCampaignDate, quietHoursEnd, startOfDay, startOfNextDay, wallTime } from './campaign-clock.js';

describe('campaign clock', () => {
  const zone = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019

  it('reads YYYY-MM-DD HH:mm:ss in the company zone and ISO instants as they are', () => {
    expect(parseCampaignDate('2026-11-25 10:30:00', zone)?.toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(parseCampaignDate('2026-11-25T10:30:00Z', zone)?.toISOString()).toBe('2026-11-25T10:30:00.000Z');
    expect(parseCampaignDate('2026-13-25 10:30:00', zone)).toBeNull();
    expect(parseCampaignDate('amanhã', zone)).toBeNull();
    expect(parseCampaignDate('2026-11-25 10:30:00', 'Europe/Lisbon')?.toISOString()).toBe('2026-11-25T10:30:00.000Z');
  });

  it('finds day boundaries in the zone', () => {
    const at = new Date('2026-11-25T02:00:00Z'); // 23:00 of the 24th in São Paulo
    expect(startOfDay(at, zone).toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(startOfNextDay(at, zone).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(wallTime(fromWallTime({ year: 2026, month: 3, day: 29, hour: 1, minute: 30, second: 0 }, 'Europe/Lisbon'), 'Europe/Lisbon').hour).toBe(2);
  });

  it('tells when quiet hours end, across midnight too', () => {
    const at = (iso: string) => new Date(iso);
    // 22:00–07:00 São Paulo = 01:00–10:00 UTC
    expect(quietHoursEnd(at('2026-11-25T02:00:00Z'), zone, '22:00', '07:00')?.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-25T09:59:00Z'), zone, '22:00', '07:00')?.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-25T10:00:00Z'), zone, '22:00', '07:00')).toBeNull();
    expect(quietHoursEnd(at('2026-11-25T15:00:00Z'), zone, '12:00', '13:00')?.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-25T15:00:00Z'), zone, '', '')).toBeNull();
  });
});
