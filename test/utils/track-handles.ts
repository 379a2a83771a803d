// With TRACK_HANDLES=1, each test file reports the handles it left open (sockets, referenced timers) and where they
// were created, to test-results/handles/: a jest worker that "failed to exit gracefully" is traced to its file.
import { afterAll, expect } from '@jest/globals';
import { createHook } from 'node:async_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const WATCHED = new Set([
  'Timeout',
  'TCPWRAP',
  'TCPCONNECTWRAP',
  'PIPEWRAP',
  'TLSWRAP',
  'Immediate',
  'PROCESSWRAP',
  'UDPWRAP',
  'FSEVENTWRAP',
  'STATWATCHER',
  'WORKER',
  'MESSAGEPORT',
]);
const live = new Map<number, { type: string; stack: string; resource: { hasRef?: () => boolean } }>();

const hook = createHook({
  init(asyncId, type, _trigger, resource) {
    if (!WATCHED.has(type)) return;
    const stack = (new Error().stack ?? '').split('\n').slice(3, 14).join('\n');
    live.set(asyncId, { type, stack, resource: resource as { hasRef?: () => boolean } });
  },
  destroy(asyncId) {
    live.delete(asyncId);
  },
});
hook.enable();

afterAll(async () => {
  // Closing sockets and cleared timers are destroyed on the next turns of the loop.
  await new Promise((resolve) => setTimeout(resolve, 500).unref());
  hook.disable();
  // jest's own hook timers are not leaks.
  const open = [...live.values()].filter((h) => h.resource.hasRef?.() !== false && !h.stack.includes('track-handles') && !h.stack.includes('jest-circus'));
  if (!open.length) return;
  const file = basename(expect.getState().testPath ?? 'unknown');
  mkdirSync('test-results/handles', { recursive: true });
  writeFileSync(`test-results/handles/${file}.log`, open.map((h) => `${h.type}\n${h.stack}`).join('\n\n'));
});
