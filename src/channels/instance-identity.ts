import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** An identity this process uses while it runs; `release` gives it back (graceful stop). */
export interface InstanceClaim {
  id: string;
  release(): void;
}

/** Slots held by this process (tests run several apps in one process: each holds its own). */
const heldHere = new Set<string>();
const SLOTS = 64;
/** A claim interrupted half-way (the process died between two file operations) is cleared after this long. */
const STALE_CLAIM_MS = 30_000;

/**
 * The identity a session process keeps across restarts, so that a process started again finds the leases it held
 * before it died and takes them back at once instead of waiting for them to expire.
 *
 * Processes may share the data directory (the compose file mounts one volume in every container), so the identity is
 * a slot per host name: `{DATA_DIR}/instances/{host}-{n}.id` holds a UUID written once, and `{host}-{n}.pid` names the
 * process using it. A process takes the first slot whose holder is not alive; a slot's previous holder with the same
 * pid (a restarted container is pid 1 again) is a previous life of this process. Two live processes never share a
 * slot: a slot is examined and taken under a mutex (`mkdir` of `{host}-{n}.claiming`, atomic on every file system).
 * A slot whose recorded pid belongs to another live program (pids are reused) is skipped: that restart is slower, not
 * wrong.
 */
export function claimInstanceIdentity(dataDir: string): InstanceClaim {
  const dir = join(dataDir, 'instances');
  try {
    mkdirSync(dir, { recursive: true });
    const host = hostname().replace(/[^A-Za-z0-9_.-]/g, '_') || 'host';
    for (let slot = 0; slot < SLOTS; slot += 1) {
      const base = join(dir, `${host}-${slot}`);
      if (heldHere.has(base) || !takeSlot(base)) continue;
      heldHere.add(base);
      return {
        id: slotId(`${base}.id`),
        release: () => {
          if (!heldHere.delete(base)) return;
          rmSync(`${base}.pid`, { force: true });
        },
      };
    }
  } catch {
    // A read-only or missing data directory: this life gets an identity of its own.
  }
  return { id: randomUUID(), release: () => undefined };
}

function takeSlot(base: string): boolean {
  const mutex = `${base}.claiming`;
  if (!lock(mutex)) return false;
  try {
    const holder = readPid(`${base}.pid`);
    if (holder !== null && holder !== process.pid && alive(holder)) return false;
    writeFileSync(`${base}.pid`, String(process.pid));
    return true;
  } finally {
    rmdirSync(mutex);
  }
}

function lock(mutex: string): boolean {
  try {
    mkdirSync(mutex);
    return true;
  } catch {
    const age = Date.now() - (statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age < STALE_CLAIM_MS) return false;
    rmSync(mutex, { recursive: true, force: true });
    try {
      mkdirSync(mutex);
      return true;
    } catch {
      return false;
    }
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function slotId(file: string): string {
  try {
    const id = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f-]{36}$/.test(id)) return id;
  } catch {
    // First use of this slot.
  }
  const id = randomUUID();
  writeFileSync(file, `${id}\n`);
  return id;
}
