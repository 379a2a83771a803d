import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isErrorCode } from '../../src/shared/error-codes.js';

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) yield path;
  }
}

const sources = [...sourceFiles('src')].map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('error catalogue', () => {
  it('is the only place that constructs an AppError', () => {
    const adHoc = sources.filter(({ path, text }) => !path.startsWith(join('src', 'common', 'errors')) && text.includes('new AppError('));
    expect(adHoc.map(({ path }) => path)).toEqual([]);
  });

  it('lists every code the server writes', () => {
    const written = new Set(sources.flatMap(({ text }) => [...text.matchAll(/'(ERR_[A-Z_]+)'/g)].map((m) => m[1] as string)));
    expect([...written].filter((code) => !isErrorCode(code)).sort()).toEqual([]);
  });
});
