import { describe, expect, it } from '@jest/globals';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';
import { ERROR_STATUS } from '../../../src/shared/error-codes';

function flatten(tree: object, prefix = '', flat: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, flat);
    else flat[path] = value;
  }
  return flat;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const reference = flatten(pt);
const catalogs = { pt, en, es };

describe('i18n catalogs', () => {
  it.each(['en', 'es'] as const)('%s has exactly the keys of pt', (locale) => {
    expect(Object.keys(flatten(catalogs[locale])).sort()).toEqual(Object.keys(reference).sort());
  });

  it.each(['pt', 'en', 'es'] as const)('%s has no empty values', (locale) => {
    const empty = Object.entries(flatten(catalogs[locale]))
      .filter(([, value]) => typeof value !== 'string' || value === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(['en', 'es'] as const)('%s uses the same placeholders as pt', (locale) => {
    const flat = flatten(catalogs[locale]);
    const mismatched = Object.keys(reference).filter((key) => placeholders(flat[key]).join() !== placeholders(reference[key]).join());
    expect(mismatched).toEqual([]);
  });

  it.each(['pt', 'en', 'es'] as const)('%s has a text for every error code the API answers with', (locale) => {
    const errors: Record<string, string> = catalogs[locale].errors;
    expect(Object.keys(ERROR_STATUS).filter((code) => !errors[code])).toEqual([]);
  });
});
