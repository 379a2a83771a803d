// `npm start`: builds the server and the browser app only when their sources changed since the last build.
// The stamp is a hash of every input's content, so a checkout that only touches timestamps costs no rebuild.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = ['src', 'admin', 'migrations', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const OUTPUTS = ['dist/src/start.js', 'dist/admin/index.html'];
const STAMP = 'dist/.build-stamp';

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    yield* files(join(path, entry.name));
  }
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
if (built === current && OUTPUTS.every((f) => existsSync(f)) && !process.argv.includes('--force')) {
  console.log('[build] sources unchanged since the last build: skipping it (npm run build forces one)');
} else {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${current}\n`);
}
