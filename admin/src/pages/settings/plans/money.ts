/** numeric(12,2) on the server: ten integer digits. */
export const MAX_MONEY = 9_999_999_999.99;

/**
 * A money text as a number: pt-BR ('49,90', '1.234,56', 'R$ 49,90') or with a decimal point ('49.90');
 * undefined when it is not an amount with at most two decimals.
 */
export function parseMoney(text: string): number | undefined {
  const value = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(value)) return Number(value.replace(/\./g, '').replace(',', '.'));
  if (/^\d+\.\d{1,2}$/.test(value)) return Number(value);
  return undefined;
}

/** An amount for the form: '49,90'. */
export const formatMoney = (value: number | string): string => Number(value).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount for a table: 'R$ 49,90' (BRL, pt-BR, 2 decimals). */
export const formatBRL = (value: number | string): string => Number(value).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
