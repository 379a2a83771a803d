import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The lowest Node version of `engines.node` (">=22.17" → [22, 17, 0]). */
export function requiredNode(range: string): [number, number, number] {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range);
  if (!match) return [0, 0, 0];
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

export function isSupported(version: string, required: [number, number, number]): boolean {
  const current = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const have = current[i] ?? 0;
    if (have !== required[i]) return have > required[i]!;
  }
  return true;
}

/**
 * Older Node versions crash without a word while loading the server's libraries, so every entry point checks the
 * version first, before importing anything else, and says what it needs.
 */
export function assertSupportedNode(): void {
  let range = '>=22.17';
  try {
    const pkg = JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8')) as { engines?: { node?: string } };
    range = pkg.engines?.node ?? range;
  } catch {
    // Run from elsewhere: the built-in range applies.
  }
  const required = requiredNode(range);
  if (isSupported(process.version, required)) return;
  console.error(
    `This program needs Node.js ${required.join('.')} or newer (engines: "${range}"); this is Node.js ${process.version}.\n` +
      'Run it through npm (`npm start`, `npm run cli -- ...`), which uses the Node version the project installs, or install a newer Node.',
  );
  process.exit(1);
}
