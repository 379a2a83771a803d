import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `node scripts/module-graph.mjs` prints (entities form the `model` layer, the schema). */
const graph = (...args: string[]): string => execFileSync(process.execPath, ['scripts/module-graph.mjs', ...args], { encoding: 'utf8' });

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) yield path;
  }
}

/** Global Nest modules are infrastructure only: a domain module is imported by those that use it. */
const GLOBAL_ALLOWED = /^src\/(config|authorization|infra|channels)\//;

describe('module graph', () => {
  it('has no import cycle between the parts of src/', () => {
    expect(graph().split('\n')[0]).toMatch(/ 0 cycle\(s\)$/);
  });

  it('explains an edge by its file imports', () => {
    expect(graph('--why', 'modules/automation', 'modules/tickets')).toContain(
      'src/modules/automation/bot.service.ts -> src/modules/tickets/ticket-lifecycle.ts',
    );
  });

  it('keeps @Global() to infrastructure', () => {
    const globals = [...sourceFiles('src')].filter((file) => /@Global\(\)|global: true/.test(readFileSync(file, 'utf8')));
    expect(globals.length).toBeGreaterThan(0);
    expect(globals.filter((file) => !GLOBAL_ALLOWED.test(file))).toEqual([]);
  });
});
