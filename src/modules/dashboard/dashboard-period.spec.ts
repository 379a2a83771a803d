import { describe, expect, it } from '@jest/globals';
import { dayRange } from './dashboard-period.js';

describe('dayRange', () => {
  const now = new Date('2026-11-21T02:30:00Z'); // 23:30 on the 20th in São Paulo

  it('counts the last N days on the company clock, today included', () => {
    expect(dayRange({ days: 1 }, 'America/Sao_Paulo', now)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(dayRange({ days: 7 }, 'America/Sao_Paulo', now)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(dayRange({ days: 3 }, 'UTC', now)).toEqual({ from: '2026-11-19', to: '2026-11-21' });
  });

  it('takes an explicit range and refuses none, a reversed one or more than a year', () => {
    expect(dayRange({ date_from: '2026-11-01', date_to: '2026-11-21' }, 'UTC')).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(() => dayRange({}, 'UTC')).toThrow('Parametrize o filtro');
    expect(() => dayRange({ date_from: '2026-11-21' }, 'UTC')).toThrow('Parametrize o filtro');
    expect(() => dayRange({ date_from: '2026-11-21', date_to: '2026-11-01' }, 'UTC')).toThrow('before the start');
    expect(() => dayRange({ date_from: '2024-01-01', date_to: '2026-01-01' }, 'UTC')).toThrow('at most 366 days');
  });
});
