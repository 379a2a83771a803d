import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isSupported, requiredNode } from './node-version.js';

describe('node version check', () => {
  it('reads the lowest version of the engines range and compares versions part by part', () => {
    expect(requiredNode('>=22.17')).toEqual([22, 17, 0]);
    expect(isSupported('v24.21.0', [22, 17, 0])).toBe(true);
    expect(isSupported('v22.17.0', [22, 17, 0])).toBe(true);
    expect(isSupported('v22.16.9', [22, 17, 0])).toBe(false);
    expect(isSupported('v20.20.2', [22, 17, 0])).toBe(false);
  });

  const oldNode = '/usr/bin/node';
  const old = existsSync(oldNode) ? spawnSync(oldNode, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  (old && !isSupported(old, [22, 17, 0]) && existsSync('dist/src/cli.js') ? it : it.skip)(
    'makes the built entry points say which Node they need and exit, instead of crashing, on an older Node',
    () => {
      for (const entry of ['dist/src/cli.js', 'dist/src/start.js', 'dist/src/main.js', 'dist/src/simulate.js']) {
        const run = spawnSync(oldNode, [entry, 'migrate'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain('needs Node.js 22.17.0 or newer');
      }
    },
  );
});
