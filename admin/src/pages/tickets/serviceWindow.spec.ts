import { describe, expect, it } from '@jest/globals';
import { closingLabel, previewTemplate, windowOpen } from './serviceWindow';

describe('the customer-service window in the chat', () => {
  it('is open without a window, closed once passed or when the customer never wrote', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(windowOpen(null, now)).toBe(true);
    expect(windowOpen({ hours: 24, closesAt: '2026-11-29T12:30:00Z' }, now)).toBe(true);
    expect(windowOpen({ hours: 24, closesAt: '2026-11-29T11:59:00Z' }, now)).toBe(false);
    expect(windowOpen({ hours: 24, closesAt: null }, now)).toBe(false);
  });

  it('names the closing time, with the day when it is not today', () => {
    const now = new Date(2026, 10, 29, 9, 0);
    expect(closingLabel(new Date(2026, 10, 29, 18, 5).toISOString(), now)).toEqual({ time: '18:05', date: null });
    expect(closingLabel(new Date(2026, 10, 30, 8, 0).toISOString(), now)).toEqual({ time: '08:00', date: '30/11' });
  });

  it('previews a template with the values typed so far', () => {
    const order = {
      body: 'Olá {{1}}, pedido {{2}}.',
      components: [{ type: 'BODY', text: 'Olá {{1}}, pedido {{2}}.' }],
      slots: [
        { part: 'body' as const, name: '1' },
        { part: 'body' as const, name: '2' },
      ],
    };
    expect(previewTemplate(order, ['Rita', ''])).toBe('Olá Rita, pedido {{2}}.');
    const tracking = {
      body: 'Olá {{first_name}}, pedido {{order_id}}.',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{order_id}}' },
        { type: 'BODY', text: 'Olá {{first_name}}, pedido {{order_id}}.' },
      ],
      slots: [
        { part: 'header' as const, name: 'order_id' },
        { part: 'body' as const, name: 'first_name' },
        { part: 'body' as const, name: 'order_id' },
        { part: 'button' as const, name: '1', button: 0 },
      ],
    };
    expect(previewTemplate(tracking, ['A-1', 'Rita', 'A-1', 'x'])).toBe('*Pedido A-1*\nOlá Rita, pedido A-1.');
  });
});
