// `npm run bench -- first-load`: what a browser downloads and how long it waits on the first visit of /login and of
// /tickets (a new browser profile, its cache empty, as a new visitor), and on a second visit with the cache (hashed
// files cached for a year). LIST_FILES=1 lists the scripts fetched; BENCH_NETWORK=mbps,rttMs (e.g. 10,40) throttles
// the browser's network as a real link would (on loopback bytes cost nothing). Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { dropScratch, scratch, startBuiltServer } from './lib.mjs';

const NETWORK = process.env.BENCH_NETWORK ? process.env.BENCH_NETWORK.split(',').map(Number) : null;
const port = 8300 + Math.floor(Math.random() * 500);
const baseUrl = `http://127.0.0.1:${port}`;
const { dbName, dbUrl, dataDir } = await scratch('firstload');
const seeded = spawnSync(process.execPath, ['dist/src/cli.js', 'seed-demo'], { env: { ...process.env, DATABASE_URL: dbUrl }, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(seeded.stderr);
const server = await startBuiltServer({ dbUrl, dataDir, dbName, port });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Bytes on the wire (compressed, headers included) per resource type, and the time until the network is idle. */
async function visit(page, path, screen) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (NETWORK) {
    const [mbps, rttMs] = NETWORK;
    const bytesPerSecond = (mbps * 1_000_000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rttMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  const types = new Map();
  const urls = new Map();
  const totals = { js: 0, other: 0, jsFiles: 0, fromCache: 0 };
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.requestServedFromCache', () => totals.fromCache++);
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId);
    if (type === 'Script') {
      if (process.env.LIST_FILES) console.log(`  ${kB(event.encodedDataLength).padStart(9)} ${urls.get(event.requestId)}`);
      totals.js += event.encodedDataLength;
      totals.jsFiles++;
    } else totals.other += event.encodedDataLength;
  });
  const started = performance.now();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const idleMs = performance.now() - started - 500; // networkidle waits 500 ms of silence
  await cdp.detach();
  // The screen asked for, not a redirection (an expired session sends /tickets to the login).
  await page.locator(screen).first().waitFor({ timeout: 1000 });
  return { ...totals, idleMs };
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const line = (name, r) =>
  console.log(
    `${name.padEnd(28)} JS ${kB(r.js).padStart(9)} in ${String(r.jsFiles).padStart(2)} files, other ${kB(r.other).padStart(9)}, network idle after ${Math.round(r.idleMs)} ms`,
  );

const newVisitor = (storageState) => browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 }, storageState });

try {
  const loginContext = await newVisitor();
  const page = await loginContext.newPage();
  line('/login (new visitor)', await visit(page, '/login', 'input[name="email"]'));
  await page.fill('input[name="email"]', 'admin@example.com');
  await page.fill('input[name="password"]', 'Admin123!');
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // Signed in (token and refresh cookie), with an empty cache again: a user whose first page is /tickets.
  const ticketsContext = await newVisitor(await loginContext.storageState());
  await loginContext.close();
  const ticketsPage = await ticketsContext.newPage();
  line('/tickets (new visitor)', await visit(ticketsPage, '/tickets', '[data-tickets-page]'));
  line('/tickets (second visit)', await visit(ticketsPage, '/tickets', '[data-tickets-page]'));
  await ticketsContext.close();
} finally {
  await browser.close();
  await server.stop();
  await dropScratch(dbName);
  rmSync(dataDir, { recursive: true, force: true });
}
