import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** The file in the data directory where a running server writes the address it listens on (for `npm run simulate`/`pay`). */
export const SERVER_ADDRESS_FILE = 'server-address';
/** The server's port when PORT is not set (env.schema.ts). */
export const DEFAULT_PORT = 8080;

export const serverAddressFile = (dataDir: string) => resolve(dataDir, SERVER_ADDRESS_FILE);

/**
 * Records where this server answers, so that the terminal tools find it even when PORT was given only to the server's
 * command. The file is removed when the server closes, unless another server has written its own address since.
 */
export function recordServerAddress(dataDir: string, port: number, onClose: (listener: () => void) => void): string {
  const url = `http://localhost:${port}`;
  const file = serverAddressFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${url}\n`);
  onClose(() => {
    if (readServerAddress(dataDir) === url) rmSync(file, { force: true });
  });
  return url;
}

export function readServerAddress(dataDir: string): string | null {
  try {
    return readFileSync(serverAddressFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** An address to try and why it is one. */
export interface AddressCandidate {
  url: string;
  source: string;
}

/**
 * Where the terminal tools look for the server, in order: `--url`; the address a running server recorded in the data
 * directory; PORT of this shell; the default port. Duplicates are tried once.
 */
export function serverCandidates(options: { url?: string; env: Record<string, string | undefined> }): AddressCandidate[] {
  if (options.url) return [{ url: options.url.replace(/\/+$/, ''), source: '--url' }];
  const dataDir = resolve(options.env.DATA_DIR ?? './data');
  const found: AddressCandidate[] = [];
  const recorded = readServerAddress(dataDir);
  if (recorded) found.push({ url: recorded, source: `recorded by the server in ${serverAddressFile(dataDir)}` });
  if (options.env.PORT) found.push({ url: `http://localhost:${options.env.PORT}`, source: 'PORT' });
  found.push({ url: `http://localhost:${DEFAULT_PORT}`, source: 'the default port' });
  return found.filter((candidate, index) => found.findIndex((other) => other.url === candidate.url) === index);
}

/** The help text's description of `--url`, shared by both tools. */
export const URL_HELP = `--url URL   the server's address. Without it: the address the running server recorded in the data directory
              (DATA_DIR, default ./data, file ${SERVER_ADDRESS_FILE}), then http://localhost:$PORT when PORT is set here,
              then http://localhost:${DEFAULT_PORT}; the first that answers is used.`;

/**
 * The first candidate where an HTTP server answers (any status: the request reached it). Throws, naming every address
 * tried and why, when none does.
 */
export async function findServer(candidates: AddressCandidate[], timeoutMs = 2000): Promise<string> {
  const failures: string[] = [];
  for (const candidate of candidates) {
    try {
      await fetch(`${candidate.url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
      return candidate.url;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : String(error));
      failures.push(`  ${candidate.url} (${candidate.source}): ${cause}`);
    }
  }
  throw new Error(`No server answered at:\n${failures.join('\n')}\nStart it with \`npm start\`, or pass --url with its address.`);
}
