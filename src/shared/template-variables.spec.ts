import { describe, expect, it } from '@jest/globals';
import { greetingFor, renderTemplate } from './template-variables.js';

describe('template variables', () => {
  it('greets by the hour of the company clock', () => {
    expect([5, 6, 11, 12, 17, 18, 23, 0].map(greetingFor)).toEqual([
      'Boa madrugada',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
      'Boa madrugada',
    ]);
  });

  it('fills every variable in the company time zone', () => {
    const now = new Date('2026-03-10T12:30:05Z'); // 09:30:05 in São Paulo
    const text = renderTemplate('{{ms}} {{firstName}}! {{name}} / {{protocol}} / {{hora}} {{unknown}}', { name: ' Maria Souza ', protocol: '123', now });
    expect(text).toBe('Bom dia Maria! Maria Souza / 123 / 09:30:05 {{unknown}}');
  });

  it('honours another time zone', () => {
    const now = new Date('2026-03-10T12:30:05Z');
    expect(renderTemplate('{{hora}}', { name: 'x', now, timeZone: 'Europe/Lisbon' })).toBe('12:30:05');
  });
});
