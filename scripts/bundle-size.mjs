// Prints the admin's first-load JavaScript (the entry and its preloaded chunks, gzip and raw) and every lazy chunk.
// Usage: npm run build:admin && node scripts/bundle-size.mjs [distDir]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/admin';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const firstLoad = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]));
const kB = (bytes) => (bytes / 1024).toFixed(1);

let rawTotal = 0;
let gzipTotal = 0;
const lazy = [];
for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
  const bytes = readFileSync(join(dist, 'assets', file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  if (firstLoad.has(`assets/${file}`)) {
    rawTotal += bytes.length;
    gzipTotal += gzip;
  } else lazy.push({ file, raw: bytes.length, gzip });
}
console.log(`first-load JS: ${firstLoad.size} files, ${kB(gzipTotal)} kB gzip (${kB(rawTotal)} kB raw)`);
for (const chunk of lazy.sort((a, b) => b.gzip - a.gzip)) console.log(`  lazy ${chunk.file}: ${kB(chunk.gzip)} kB gzip`);
