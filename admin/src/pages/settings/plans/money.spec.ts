import { describe, expect, it } from '@jest/globals';
import { formatMoney, parseMoney } from './money';

describe('plan value', () => {
  it.each([
    ['49,90', 49.9],
    ['R$ 1.234,56', 1234.56],
    ['49.90', 49.9],
    ['1.234', 1234],
    ['0', 0],
    ['120', 120],
  ])('reads %s as %d', (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });

  it.each(['', 'abc', '49,999', '-5', '1,2,3'])('refuses %p', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });

  it('writes the form value in pt-BR and reads it back', () => {
    expect(formatMoney(1234.5)).toBe('1.234,50');
    expect(parseMoney(formatMoney(1234.5))).toBe(1234.5);
  });
});
