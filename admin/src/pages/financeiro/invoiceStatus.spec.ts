import { describe, expect, it } from '@jest/globals';
import { formatMoney, invoiceDisplayStatus } from './invoiceStatus';

describe('the invoice display status', () => {
  const today = new Date(2026, 2, 10, 15, 30);

  it('is paid when paid, whatever the due date', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2020-01-01' }, today)).toBe('paid');
  });

  it('is refunded when refunded, whatever the due date', () => {
    expect(invoiceDisplayStatus({ status: 'refunded', dueDate: '2020-01-01' }, today)).toBe('refunded');
    expect(invoiceDisplayStatus({ status: 'refunded', dueDate: '2099-01-01' }, today)).toBe('refunded');
  });

  it('is overdue only when the due date is before today', () => {
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-03-09' }, today)).toBe('overdue');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-03-10' }, today)).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-04-10' }, today)).toBe('open');
  });
});

describe('money', () => {
  it('is BRL in the pt-BR format with two decimals', () => {
    expect(formatMoney(149.9).replace(/\s/g, ' ')).toBe('R$ 149,90');
    expect(formatMoney('1234.5').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });
});
