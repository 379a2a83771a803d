import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimInstanceIdentity } from './instance-identity.js';

describe('claimInstanceIdentity', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'identity-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const slot = (n: number) => join(dir, 'instances', `${hostname().replace(/[^A-Za-z0-9_.-]/g, '_')}-${n}`);

  it('keeps one identity across restarts of a process on the same data directory', () => {
    const first = claimInstanceIdentity(dir);
    first.release();
    const again = claimInstanceIdentity(dir);
    expect(again.id).toBe(first.id);
    again.release();
  });

  it('never gives one identity to two live holders sharing the directory', () => {
    const one = claimInstanceIdentity(dir);
    const two = claimInstanceIdentity(dir);
    expect(two.id).not.toBe(one.id);
    one.release();
    two.release();
    expect(readdirSync(join(dir, 'instances')).filter((f) => f.endsWith('.pid'))).toEqual([]);
  });

  it('takes over the slot of a process that died, and skips one a live process holds', () => {
    const first = claimInstanceIdentity(dir);
    first.release();
    // The slot's previous holder died without giving it back (kill -9): its pid no longer runs.
    writeFileSync(`${slot(0)}.pid`, '2147483646');
    const taken = claimInstanceIdentity(dir);
    expect(taken.id).toBe(first.id);
    taken.release();

    const other = mkdtempSync(join(tmpdir(), 'identity-'));
    try {
      const mine = claimInstanceIdentity(other);
      mine.release();
      // pid 1 is alive and is not this process: the slot belongs to someone else.
      writeFileSync(`${join(other, 'instances', `${hostname().replace(/[^A-Za-z0-9_.-]/g, '_')}-0`)}.pid`, '1');
      const next = claimInstanceIdentity(other);
      expect(next.id).not.toBe(mine.id);
      next.release();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
